/**
 * Decides one subclass's kind from code evidence, in a fixed order (first match wins):
 * config override → NodeTool preset → wraps another tool (infrastructure) → made by a factory
 * (host-bridge) → constructor takes a closure or transport (host-bridge) → constructed by a
 * planner/executor loop or its state read back, and neither belt-assembled nor gated
 * (loop-protocol; with a belt or a gate too, the conflict is named) → assembled by a belt builder,
 * directly or through a class table (capability) → handed to a registry (capability) → dynamic
 * identity (host-bridge) → constructed beside a gate call (capability) → the class's shape
 * (shape-kind.ts) → unclassified. Returns the kind and the evidence lines that decided it.
 */
import type { ClassFact, ClassShapeFact, WireNameFact } from "../extract/facts.js";
import { isRuntimeName, isStaticWire, kindByShape } from "./shape-kind.js";
import type { Kind } from "../types.js";
import type { ConstructionIndex, Site } from "./construction-index.js";
import { nodetoolMappedFile, nodetoolPreset } from "./kind-presets.js";

export interface ClassifyRules {
  readonly preset: "nodetool" | "none";
  readonly overrides: Readonly<Record<string, Kind>>;
  readonly loopOwners: readonly RegExp[];
  /** Names that denote the base or a subclass (for "constructor takes a Tool"). */
  readonly toolTypeNames: ReadonlySet<string>;
  /** Type names declared as function types anywhere in the scan (closure parameters). */
  readonly functionTypeNames: ReadonlySet<string>;
  /** The class's file (for the preset's mapping table). */
  readonly file?: string;
  /** The preset's module table fits this repo (nodetool-modules.ts `moduleTableFits`). */
  readonly moduleTable?: boolean;
}

export interface Decision {
  readonly kind: Kind;
  readonly evidence: string[];
}

/** Parameter names or types that say "the implementation is on the other side of this". */
const TRANSPORT = /transport|router|socket|connection|bridge|runner|session|ClientTool/i;
const at = (s: { file: string; line: number }) => `${s.file}:${s.line}`;
const inner = (s: Site) => s.scopes[s.scopes.length - 1] ?? "module scope";

/** `registerTool(new X())`, `registry.register(new X())`, `tools.add(new X())`: handed to a registry. */
const REGISTRY_CALL = /^(register\w*|add\w*Tool\w*|addTool|set)$/;

export function describeSite(s: Site): string {
  if (s.table)
    return `instantiated from ${s.table.name} by new ${s.table.callee}() in ${inner(s)} at ${s.table.newFile}:${s.table.newLine}; table entry (${at(s)})`;
  const via = s.via === "new" ? "constructed" : `made through ${s.via}()`;
  const loop = s.inLoop ? " inside a loop" : "";
  const byName = s.matchedByName && s.via === "new" ? " (callee matched by name)" : "";
  return `${via} in ${inner(s)}${loop} (${at(s)})${byName}`;
}

/**
 * A site that makes the class a loop's channel: the constructing code reads the instance's state
 * back, or a loop owner built it over state it reads back itself (`new AddTaskTool(builder)` …
 * `builder.plan`). A loop owner that reads nothing back is only one of the three properties
 * (`unread` names it, for the evidence).
 */
function loopSite(
  sites: readonly Site[],
  rules: ClassifyRules,
): { site: Site; owner: string | null; shared: boolean } | { unread: Site; owner: string } | null {
  let unread: { unread: Site; owner: string } | null = null;
  for (const s of sites) {
    const owner = s.scopes.find((sc) => rules.loopOwners.some((r) => r.test(sc))) ?? null;
    if (s.stateReads.length > 0) return { site: s, owner, shared: false };
    if (owner && s.sharedReads?.length) return { site: s, owner, shared: true };
    if (owner) unread ??= { unread: s, owner };
  }
  return unread;
}

/** What the construction sites show: the first few, the notes, and each site's state read back. */
function siteEvidence(sites: readonly Site[], notes: readonly string[]): string[] {
  const evidence: string[] = [];
  for (const s of sites.slice(0, 6)) evidence.push(describeSite(s));
  if (sites.length > 6) evidence.push(`… and ${sites.length - 6} more construction sites`);
  if (sites.length === 0) evidence.push("no construction site found in the scanned files");
  evidence.push(...notes);
  for (const s of sites) {
    if (s.stateReads.length)
      evidence.push(
        `instance state read back: ${s.stateReads.map((r) => `${s.assignedTo}.${r.prop}`).join(", ")} (${s.file}:${s.stateReads[0]?.line})`,
      );
    if (s.sharedReads?.length)
      evidence.push(
        `state handed to it read back: ${s.sharedReads.map((r) => `${r.arg}.${r.prop}`).join(", ")} (${s.file}:${s.sharedReads[0]?.line})`,
      );
  }
  return evidence;
}

/** A kind and the deciding reason; `coversUnreadNote` when the reason already says what the loop-owner note would. */
interface Verdict {
  readonly kind: Kind;
  readonly reason: string;
  readonly coversUnreadNote?: boolean;
}

type LoopFinding = ReturnType<typeof loopSite>;

const unreadNoteText = (found: { unread: Site; owner: string }) =>
  `constructed by loop owner ${found.owner} (${at(found.unread)}), but nothing there reads its state back (a loop's own channel needs that too)`;

/** Rules 1–6: what the config and the class's own declaration decide, before any construction site is looked at. */
function declarationVerdict(cls: ClassFact, wire: WireNameFact | null, rules: ClassifyRules): Verdict | null {
  const wireName = wire?.kind === "literal" ? wire.value : null;
  const wirePrefix = wire?.kind === "dynamic" ? wire.prefix : null;
  const override = (cls.name && rules.overrides[cls.name]) || (wireName && rules.overrides[wireName]);
  if (override)
    return {
      kind: override,
      reason: `config override classify.overrides["${cls.name && rules.overrides[cls.name] ? cls.name : wireName}"] = ${override}`,
    };
  if (rules.preset === "nodetool") {
    const p = nodetoolPreset(cls.name, wireName, wirePrefix, isRuntimeName(wire));
    if (p) return p;
  }
  const wrapsParam = cls.ctorParams.find((p) => p.typeNames.some((t) => rules.toolTypeNames.has(t)));
  if (wrapsParam && cls.delegations.length > 0) {
    const d = cls.delegations[0];
    return {
      kind: "infrastructure",
      reason: `wraps another tool: constructor takes ${wrapsParam.name}: ${wrapsParam.typeText} and delegates this.${d?.field}.${d?.method}() (line ${d?.line})`,
    };
  }
  if (cls.enclosingFunction) {
    const how = cls.returnedFromFunction ? "returns" : "declares";
    return {
      kind: "host-bridge",
      reason: `made by a factory: ${cls.enclosingFunction} ${how} this class (line ${cls.line}), so its identity is built at run time`,
    };
  }
  const mapped =
    rules.preset === "nodetool" && rules.moduleTable && rules.file ? nodetoolMappedFile(rules.file, wireName) : null;
  if (mapped) return mapped;
  const closure = cls.ctorParams.find(
    (p) => p.isFunctionType || p.typeNames.some((t) => rules.functionTypeNames.has(t)),
  );
  if (closure)
    return {
      kind: "host-bridge",
      reason: `constructor takes a closure ${closure.name}: ${closure.typeText} (line ${closure.line})`,
    };
  const transport = cls.ctorParams.find((p) => TRANSPORT.test(p.typeText) || TRANSPORT.test(p.name));
  if (transport)
    return {
      kind: "host-bridge",
      reason: `constructor takes a transport ${transport.name}${transport.typeText ? `: ${transport.typeText}` : ""} (line ${transport.line})`,
    };
  return null;
}

/** Rules 7–11: what the construction sites decide — a loop, a belt builder, a registry, a run-time identity, a gate. */
function siteVerdict(
  cls: ClassFact,
  wire: WireNameFact | null,
  sites: readonly Site[],
  index: ConstructionIndex,
  shape: ClassShapeFact,
  found: LoopFinding,
): Verdict | null {
  const belt = sites.map((s) => ({ s, fn: s.scopes.find((sc) => index.beltFunctions.has(sc)) })).find((x) => x.fn);
  const gated = sites.map((s) => ({ s, g: index.gatingFunctions.get(inner(s)) })).find((x) => x.g);
  const loop = found && "site" in found ? found : null;
  const beltReason = belt?.fn ? assembledBy(belt.fn, belt.s, index) : null;
  if (loop) {
    const where = loop.owner ? `constructed by loop owner ${loop.owner}` : "constructed and its state read back";
    const dyn = isRuntimeName(wire) ? `; dynamic name (${wire.how})` : "";
    const loopReason = `${where}${loop.site.inLoop ? " inside a loop" : ""} (${at(loop.site)})${dyn}`;
    // Loop-protocol needs all three properties: state read back, never gated, never belt-assembled.
    const against =
      beltReason ??
      (gated?.g ? `gated with ${gated.g.gate} in ${inner(gated.s)} (${gated.g.file}:${gated.g.line})` : null);
    if (against) return { kind: "unclassified", reason: `conflicting evidence: ${loopReason}, but also ${against}` };
    return { kind: "loop-protocol", reason: loopReason };
  }
  if (beltReason) return { kind: "capability", reason: beltReason };
  // A loop owner that builds a tool whose process hands its argument back reads the call itself.
  if (found && "unread" in found && shape.echoesArguments && shape.process && !gated?.g)
    return {
      kind: "loop-protocol",
      reason: `constructed by loop owner ${found.owner} (${at(found.unread)}), and its ${shape.process}() returns its own argument unchanged: the owner's loop reads the call itself (a structured-output channel)`,
      coversUnreadNote: true,
    };
  const registered = sites.find((x) => x.passedTo && REGISTRY_CALL.test(x.passedTo));
  if (registered && (wire === null || isStaticWire(wire)))
    return {
      kind: "capability",
      reason: `registered into a tool registry: ${registered.passedTo}(new ${cls.name ?? "…"}()) in ${inner(registered)} (${at(registered)})`,
    };
  if (isRuntimeName(wire) && sites.length > 0)
    return {
      kind: "host-bridge",
      reason: `identity built at run time: wire name is a ${wire.how} (line ${wire.line})`,
    };
  if (gated?.g)
    return {
      kind: "capability",
      reason: `constructed in ${inner(gated.s)} (${at(gated.s)}), which gates its belt with ${gated.g.gate} (${gated.g.file}:${gated.g.line})`,
    };
  return null;
}

/** Rules 12–13: the class's shape, else unclassified with what was missing. */
function shapeVerdict(shape: ClassShapeFact, wire: WireNameFact | null, siteCount: number): Verdict {
  const byShape = kindByShape(shape, wire, siteCount);
  if (byShape) return byShape;
  const missing = wire
    ? "a wire name but neither a schema member nor a process method (not a spec by shape)"
    : "no wire name";
  return {
    kind: "unclassified",
    reason: siteCount
      ? `${missing}, and no belt builder, loop, factory or host evidence at its construction sites`
      : `${missing}, and no construction site in scope: nothing to classify it by`,
  };
}

export function decideKind(
  cls: ClassFact,
  wire: WireNameFact | null,
  sites: readonly Site[],
  index: ConstructionIndex,
  rules: ClassifyRules,
  extra: { readonly shape?: ClassShapeFact; readonly notes?: readonly string[] } = {},
): Decision {
  const shape = extra.shape ?? { schema: null, process: null, stateWrites: [], effects: [] };
  const found = loopSite(sites, rules);
  const verdict =
    declarationVerdict(cls, wire, rules) ??
    siteVerdict(cls, wire, sites, index, shape, found) ??
    shapeVerdict(shape, wire, sites.length);
  const evidence = [verdict.reason, ...siteEvidence(sites, extra.notes ?? [])];
  if (found && "unread" in found && !verdict.coversUnreadNote) evidence.push(unreadNoteText(found));
  return { kind: verdict.kind, evidence };
}

function assembledBy(fn: string, s: Site, index: ConstructionIndex): string {
  const root = index.beltFunctions.get(fn);
  const chain = root && root !== fn ? `${fn}, called from ${root}` : fn;
  return s.table
    ? `assembled by ${chain} through ${s.table.name} (new ${s.table.callee}() at ${s.table.newFile}:${s.table.newLine}); table entry (${at(s)})`
    : `assembled by ${chain} (${at(s)})`;
}
