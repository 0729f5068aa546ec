/**
 * Check 4, record half (`capkit parity --record`, before migration): every tool the belt
 * builders construct runs through its own `execute` (validation, then `process`) on the inputs
 * of the cases file plus inputs generated from its input schema, each on a fresh deterministic
 * context with fresh host dependencies, and the normalised outcomes become the recording
 * (sorted, stable text, committed by the user). Pure over injected factories: the CLI supplies
 * them from the target (./load-target.ts). Consumed by ./engine.ts and tests.
 *
 * The context is the recorder's own, so it carries the gate the replay runs with (auto mode:
 * behaviour, not permissions, is recorded). A tool that already runs as a capability (a
 * migrated one behind an adapter) would otherwise find no gate there and warn about a headless
 * gate the user's host never uses. A gate the context factory published itself is kept.
 */
import { gateFromContext, publishPermissionGate, type PermissionCategory } from "../runtime/index.js";
import { generateInputs, type InputKind } from "./inputs.js";
import { outcomeOf } from "./normalize.js";
import type { ParityRecording, RecordedCapability, RecordedCase } from "./types.js";

/** The part of an old Tool the recorder uses. */
export interface RecordableTool {
  readonly name: string;
  readonly inputSchema?: unknown;
  readonly jsonSchema?: unknown;
  execute?(context: unknown, params: Record<string, unknown>): Promise<unknown>;
  process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
}

export interface RecordInput extends LegacyBelts {
  /** Wire name → argument objects from the cases file. */
  readonly cases?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  readonly generate?: readonly InputKind[];
  /** Wire name → category in the old map (without fallback). */
  readonly categoryMap?: Readonly<Record<string, PermissionCategory>>;
  readonly fallbackCategory?: PermissionCategory;
  /** Capability-shaped classes the inventory found: wire name → class and file. */
  readonly classes?: ReadonlyMap<string, { readonly class: string | null; readonly file: string | null }>;
}

export const RECORDING_COMMENT =
  "Written by `capkit parity --record` before migration: outcomes of the old Tool classes on a deterministic fake context. " +
  "Commit it; `capkit parity` replays these inputs through run.invoke. On a merge conflict, re-run `capkit parity --record` on the pre-migration tree.";

/** How to construct the old tools: fresh deps → every belt. */
export interface LegacyBelts {
  readonly createContext: () => unknown;
  readonly createDeps?: () => unknown;
  readonly buildBelts: (deps: unknown) => readonly RecordableTool[] | Promise<readonly RecordableTool[]>;
}

async function belt(input: LegacyBelts): Promise<{ tools: readonly RecordableTool[]; deps: unknown }> {
  const deps = input.createDeps?.();
  return { tools: await input.buildBelts(deps), deps };
}

/** Wire names the belts construct (with fresh deps). */
export async function beltNames(input: LegacyBelts): Promise<Set<string>> {
  return new Set((await belt(input)).tools.map((t) => t.name));
}

/** The recorder's context: the factory's, with an auto-mode gate unless it published a gate of its own. */
function recorderContext(input: LegacyBelts): unknown {
  const context = input.createContext();
  if (typeof context !== "object" || context === null) return context;
  try {
    // Nothing published comes back as a headless gate (its warning is silenced: this asks, it does not run).
    if (!gateFromContext(context, { host: "capkit parity --record", warn: () => {} }).headless) return context;
  } catch {
    return context; // something invalid is published: the tool reports it as it would for the host
  }
  return publishPermissionGate(context, { mode: "auto" });
}

/** One call of a belt tool through its own `execute` on a fresh context and fresh deps, normalised. */
export async function runToolCase(input: LegacyBelts, name: string, args: Record<string, unknown>): Promise<unknown> {
  const { tools } = await belt(input);
  const tool = tools.find((t) => t.name === name);
  if (!tool) return { $threw: `the belt no longer constructs ${name}` };
  const context = recorderContext(input);
  try {
    const params = structuredClone(args);
    const value =
      typeof tool.execute === "function" ? await tool.execute(context, params) : await tool.process(context, params);
    return outcomeOf({ value });
  } catch (err) {
    return outcomeOf({ thrown: err });
  }
}

export async function recordParity(input: RecordInput): Promise<ParityRecording> {
  const { tools } = await belt(input);
  const byName = new Map<string, RecordableTool>();
  for (const t of tools) if (typeof t?.name === "string" && !byName.has(t.name)) byName.set(t.name, t);
  const capabilities: Record<string, RecordedCapability> = {};
  for (const name of [...byName.keys()].sort()) {
    const tool = byName.get(name) as RecordableTool;
    const inputs: { source: string; args: Record<string, unknown> }[] = (input.cases?.[name] ?? []).map((args) => ({
      source: "cases-file",
      args,
    }));
    const schema = tool.inputSchema ?? tool.jsonSchema;
    const seen = new Set(inputs.map((i) => JSON.stringify(i.args)));
    for (const g of generateInputs(
      schema as Record<string, unknown> | undefined,
      input.generate ?? ["minimal", "full"],
    )) {
      const key = JSON.stringify(g.args);
      if (seen.has(key)) continue;
      inputs.push({ source: `schema:${g.kind}`, args: g.args });
      seen.add(key);
    }
    const cases: RecordedCase[] = [];
    for (const i of inputs)
      cases.push({ source: i.source, args: i.args, result: await runToolCase(input, name, i.args) });
    const known = input.classes?.get(name);
    capabilities[name] = { class: known?.class ?? null, file: known?.file ?? null, cases };
  }
  const unrecorded = [...(input.classes ?? new Map())]
    .filter(([name]) => !byName.has(name))
    .map(([capability, c]) => ({ capability, class: c.class, file: c.file }))
    .sort((a, b) => a.capability.localeCompare(b.capability));
  const map = input.categoryMap ?? {};
  const fallback = input.fallbackCategory ?? "external";
  // The whole old map, plus the fallback for every recorded or known name it does not list.
  const oldCategories: Record<string, PermissionCategory> = {};
  for (const name of [
    ...new Set([...Object.keys(map), ...Object.keys(capabilities), ...unrecorded.map((u) => u.capability)]),
  ].sort()) {
    oldCategories[name] = Object.prototype.hasOwnProperty.call(map, name)
      ? (map[name] as PermissionCategory)
      : fallback;
  }
  return { $comment: RECORDING_COMMENT, version: 1, oldCategories, capabilities, unrecorded };
}
