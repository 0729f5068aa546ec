/**
 * The kind a class has by its shape alone, when no construction site in scope decides it (the
 * kinds of lib/kinds.ts): a static wire name over a process that keeps no per-instance
 * state is a spec plus a function, so capability-shaped; a process that keeps per-instance state
 * is the feedback channel of a loop that reads it back (loop-protocol), unless the constructing
 * code in scope never reads it back, which is a conflict; a wire name built at run time is a
 * host bridge.
 */
import type { ClassShapeFact, WireNameFact } from "../extract/facts.js";
import type { Kind } from "../types.js";

export interface ShapeDecision {
  readonly kind: Kind;
  readonly reason: string;
}

/** The shape merged up a chain: the nearest schema/process, every state write. */
export function mergeShapes(shapes: readonly (ClassShapeFact | undefined)[]): ClassShapeFact {
  let schema: string | null = null;
  let process: string | null = null;
  const writes = new Set<string>();
  const hidden = new Set<string>();
  const effects = new Set<string>();
  let echoes = false;
  let calls: readonly string[] | undefined;
  for (const s of shapes) {
    if (!s) continue;
    schema ??= s.schema;
    if (process === null && s.process) {
      process = s.process;
      echoes = s.echoesArguments === true;
      calls = s.calls;
      for (const e of s.effects) effects.add(e);
    }
    for (const w of s.stateWrites) writes.add(w);
    for (const w of s.privateWrites ?? []) hidden.add(w);
  }
  const privateWrites = [...hidden].filter((w) => !writes.has(w)).sort();
  return {
    schema,
    process,
    stateWrites: [...writes].sort(),
    ...(privateWrites.length ? { privateWrites } : {}),
    effects: [...effects].sort(),
    ...(echoes ? { echoesArguments: true as const } : {}),
    ...(calls?.length ? { calls } : {}),
  };
}

/** A wire name read from a constant whose value is outside the scan is still a static identity. */
export function isStaticWire(wire: WireNameFact | null): boolean {
  return wire !== null && (wire.kind === "literal" || Boolean(wire.constant));
}

/** A wire name built at run time (template, constructor parameter, computed), not a constant. */
export function isRuntimeName(wire: WireNameFact | null): wire is Extract<WireNameFact, { kind: "dynamic" }> {
  return wire?.kind === "dynamic" && !wire.constant;
}

function parts(shape: ClassShapeFact, wire: WireNameFact): string {
  const name =
    wire.kind === "literal"
      ? `static wire name "${wire.value}"`
      : wire.constant
        ? `static wire name from the constant ${wire.constant} (its value is not in the scanned files)`
        : `wire name built at run time (${wire.how})`;
  const schema = shape.schema ? `schema ${shape.schema}` : "no schema member (a conversion writes one)";
  const process = shape.process
    ? `${shape.process}() keeps no per-instance state read back`
    : "no process method of its own";
  return `${name}, ${schema}, ${process}`;
}

export function kindByShape(shape: ClassShapeFact, wire: WireNameFact | null, siteCount: number): ShapeDecision | null {
  const scope =
    siteCount === 0
      ? "no construction site in scope"
      : "its construction sites in scope are neither a belt, a loop nor a host";
  if (wire?.kind === "dynamic" && !wire.constant)
    return {
      kind: "host-bridge",
      reason: `identity built at run time: wire name is a ${wire.how} (line ${wire.line}); ${scope}`,
    };
  if (!wire) return null;
  // A process that hands its own argument back does nothing itself: the loop that offers it
  // reads the call (the structured-output channel the design's loop-protocol kind names).
  if (shape.echoesArguments && shape.process && siteCount === 0)
    return {
      kind: "loop-protocol",
      reason: `loop-protocol-shaped by shape: ${shape.process}() returns its own argument unchanged, so the loop that offers it reads the call itself (a structured-output channel); no construction site in scope`,
    };
  if (shape.stateWrites.length > 0) {
    const fields = shape.stateWrites.map((f) => `this.${f}`).join(", ");
    if (siteCount === 0)
      return {
        kind: "loop-protocol",
        reason: `loop-protocol-shaped by shape: its methods keep per-instance state (${fields}) for the code that constructs it to read back; no construction site in scope`,
      };
    return {
      kind: "unclassified",
      reason: `conflicting evidence: its methods keep per-instance state (${fields}), which makes it loop-protocol-shaped, but the code constructing it in scope never reads that state back`,
    };
  }
  // A static name over a stateless process is a spec plus a function; a missing schema is
  // something the conversion writes, not evidence of another kind. Nothing at all (no schema,
  // no process of its own or inherited) leaves nothing to go by.
  if (!shape.schema && !shape.process) return null;
  const kept = shape.privateWrites?.length
    ? ` (it keeps private state ${shape.privateWrites.map((f) => `this.${f}`).join(", ")} that nothing reads back; a conversion moves it out)`
    : "";
  return { kind: "capability", reason: `capability-shaped by shape: ${parts(shape, wire)}${kept}; ${scope}` };
}
