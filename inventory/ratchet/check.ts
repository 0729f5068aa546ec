/**
 * checkRatchet: compares the current inventory with the committed baseline. Worse when a
 * ratcheted counter (capabilityShaped, plus `kind:<k>` for each kind in config
 * `ratchet.kinds`) grows — naming the classes that are new; better when one shrinks and none
 * grows — with a hint to tighten; no-baseline when none is committed.
 */
import type { InventoryResult, Kind, RatchetDelta, RatchetOutcome } from "../types.js";
import { classKey, type Baseline } from "./baseline.js";

const UPDATE = "capkit inventory --update-baseline";

export function ratchetedCounters(kinds: readonly Kind[]): string[] {
  return ["capabilityShaped", ...[...new Set(kinds)].filter((k) => k !== "capability").map((k) => `kind:${k}`)];
}

function currentOf(result: InventoryResult, counter: string): { count: number; kind: (k: Kind) => boolean } {
  if (counter === "capabilityShaped") return { count: result.counters.capabilityShaped, kind: (k) => k === "capability" };
  const kind = counter.slice("kind:".length) as Kind;
  return { count: result.counters.byKind[kind] ?? 0, kind: (k) => k === kind };
}

export function checkRatchet(result: InventoryResult, baseline: Baseline | null, options: { kinds: readonly Kind[]; baselineFile: string }): RatchetOutcome {
  const baselineFile = options.baselineFile;
  if (!baseline) {
    return { status: "no-baseline", baselineFile, deltas: [], added: [], removed: [], hint: `no baseline at ${baselineFile}: run \`${UPDATE}\` and commit ${baselineFile}` };
  }
  const deltas: RatchetDelta[] = [];
  const added: RatchetOutcome["added"][number][] = [];
  const removed: RatchetOutcome["removed"][number][] = [];
  let worse = false;
  let better = false;
  for (const counter of ratchetedCounters(options.kinds)) {
    const { count, kind } = currentOf(result, counter);
    const before = baseline.counters[counter] ?? 0;
    if (count !== before) deltas.push({ counter, baseline: before, current: count });
    worse ||= count > before;
    better ||= count < before;
    const known = new Set(baseline.classes[counter] ?? []);
    const now = result.classes.filter((c) => kind(c.kind));
    const nowKeys = new Set(now.map(classKey));
    for (const c of now) if (!known.has(classKey(c))) added.push({ name: c.name, file: c.file, line: c.line, kind: c.kind });
    for (const key of known) {
      if (nowKeys.has(key)) continue;
      const [file = key, name = null] = key.split("#");
      removed.push({ name: name?.startsWith("<anonymous>") ? null : name, file, kind: counter === "capabilityShaped" ? "capability" : (counter.slice(5) as Kind) });
    }
  }
  if (worse) {
    const names = added.map((a) => `${a.name ?? "<anonymous>"} (${a.file}:${a.line})`).join(", ");
    return {
      status: "worse",
      baselineFile,
      deltas,
      added,
      removed,
      hint: `${names ? `new: ${names}. ` : ""}Convert them to capability modules; if the growth is intended, run \`${UPDATE}\` and commit ${baselineFile}`,
    };
  }
  if (better) {
    return { status: "better", baselineFile, deltas, added, removed, hint: `the count went down: tighten the ratchet with \`${UPDATE}\` and commit ${baselineFile}` };
  }
  return { status: "ok", baselineFile, deltas, added, removed };
}

/** Exit code for a ratchet outcome: worse and no-baseline fail. */
export function ratchetExitCode(outcome: RatchetOutcome): 0 | 1 {
  return outcome.status === "worse" || outcome.status === "no-baseline" ? 1 : 0;
}
