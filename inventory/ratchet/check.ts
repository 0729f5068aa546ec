/**
 * checkRatchet: compares the current inventory with the committed baseline class by class (as
 * betterer compares per test item), for each ratcheted counter (capabilityShaped, plus
 * `kind:<k>` for each kind in config `ratchet.kinds`):
 * - worse: a class of that counter is not in the baseline's list — even if another was removed
 *   and the count is unchanged or lower;
 * - better: a class of the baseline's list is gone (converted or deleted) and none is new;
 * - reclassified: a class of the list is still there but now of another kind (dropped from a
 *   belt without being converted) — reported as such, never as progress;
 * - incomplete: the scan could not read or parse every file, so nothing is compared (fails);
 * - no-baseline: none is committed (fails).
 */
import type { ClassRecord, InventoryResult, Kind, RatchetDelta, RatchetOutcome } from "../types.js";
import { unscannedCount, unscannedList, unscannedPaths } from "../../lib/unscanned.js";
import { classKey, type Baseline } from "./ratchet-baseline.js";

const UPDATE = "capkit inventory --update-baseline";

export function ratchetedCounters(kinds: readonly Kind[]): string[] {
  return ["capabilityShaped", ...[...new Set(kinds)].filter((k) => k !== "capability").map((k) => `kind:${k}`)];
}

const kindOf = (counter: string): Kind =>
  counter === "capabilityShaped" ? "capability" : (counter.slice("kind:".length) as Kind);

function countOf(result: InventoryResult, counter: string): number {
  return counter === "capabilityShaped"
    ? result.counters.capabilityShaped
    : (result.counters.byKind[kindOf(counter)] ?? 0);
}

function splitKey(key: string): { name: string | null; file: string } {
  const at = key.lastIndexOf("#");
  const file = at < 0 ? key : key.slice(0, at);
  const name = at < 0 ? null : key.slice(at + 1);
  return { file, name: name === null || name.startsWith("<anonymous>") ? null : name };
}

interface Compared {
  readonly deltas: RatchetDelta[];
  readonly added: RatchetOutcome["added"][number][];
  readonly removed: RatchetOutcome["removed"][number][];
  readonly reclassified: NonNullable<RatchetOutcome["reclassified"]>[number][];
}

function compare(result: InventoryResult, baseline: Baseline, counters: readonly string[]): Compared {
  const out: Compared = { deltas: [], added: [], removed: [], reclassified: [] };
  const byKey = new Map<string, ClassRecord>(result.classes.map((c) => [classKey(c), c]));
  for (const counter of counters) {
    const kind = kindOf(counter);
    const count = countOf(result, counter);
    const before = baseline.counters[counter] ?? 0;
    if (count !== before) out.deltas.push({ counter, baseline: before, current: count });
    const known = new Set(baseline.classes[counter] ?? []);
    const now = result.classes.filter((c) => c.kind === kind);
    const nowKeys = new Set(now.map(classKey));
    for (const c of now)
      if (!known.has(classKey(c))) out.added.push({ name: c.name, file: c.file, line: c.line, kind: c.kind });
    for (const key of [...known].sort()) {
      if (nowKeys.has(key)) continue;
      const still = byKey.get(key);
      if (still)
        out.reclassified.push({ name: still.name, file: still.file, line: still.line, from: kind, to: still.kind });
      else out.removed.push({ ...splitKey(key), kind });
    }
  }
  return out;
}

export function checkRatchet(
  result: InventoryResult,
  baseline: Baseline | null,
  options: { kinds: readonly Kind[]; baselineFile: string },
): RatchetOutcome {
  const baselineFile = options.baselineFile;
  if (!baseline) {
    return {
      status: "no-baseline",
      baselineFile,
      deltas: [],
      added: [],
      removed: [],
      hint: `no baseline at ${baselineFile}: run \`${UPDATE}\` and commit ${baselineFile}`,
    };
  }
  const { deltas, added, removed, reclassified } = compare(result, baseline, ratchetedCounters(options.kinds));
  const base = { baselineFile, deltas, added, removed, ...(reclassified.length ? { reclassified } : {}) };
  if (result.incomplete) {
    const missed = unscannedPaths(result.problems);
    return {
      status: "incomplete",
      ...base,
      hint: `not compared: ${unscannedCount(missed)} could not be scanned (${unscannedList(missed, 3)}); make them readable and parseable, then run the check again`,
    };
  }
  if (added.length) {
    const names = added.map((a) => `${a.name ?? "<anonymous>"} (${a.file}:${a.line})`).join(", ");
    return {
      status: "worse",
      ...base,
      hint: `new: ${names}. Convert them to capability modules; if the growth is intended, run \`${UPDATE}\` and commit ${baselineFile}`,
    };
  }
  if (removed.length) {
    return {
      status: "better",
      ...base,
      hint: `the count went down: tighten the ratchet with \`${UPDATE}\` and commit ${baselineFile}`,
    };
  }
  if (reclassified.length) {
    const names = reclassified.map((r) => `${r.name ?? "<anonymous>"} (${r.from} → ${r.to})`).join(", ");
    return {
      status: "reclassified",
      ...base,
      hint: `not progress: ${names} still extend the base class, only their kind changed (e.g. dropped from a belt); convert them, or record the change with \`${UPDATE}\``,
    };
  }
  const unratcheted = unratchetedAdditions(result, baseline, ratchetedCounters(options.kinds));
  if (unratcheted.length) {
    const kinds = [...new Set(unratcheted.map((u) => u.kind))].join(", ");
    return {
      status: "ok",
      ...base,
      unratcheted,
      hint: `not ratcheted: ${unratcheted.length === 1 ? "a new subclass of the base" : `${unratcheted.length} new subclasses of the base`} of kind ${kinds}; to fail on them, add the kind to "ratchet": { "kinds": [...] } in capkit.config.json; to accept them, run \`${UPDATE}\``,
    };
  }
  return { status: "ok", ...base };
}

/** What rewriting the baseline changes: the classes it accepts, drops, and records under another kind. */
export interface BaselineChange {
  readonly accepted: RatchetOutcome["added"];
  readonly dropped: RatchetOutcome["removed"];
  readonly reclassified: NonNullable<RatchetOutcome["reclassified"]>;
}

/**
 * The change from the baseline before `--update-baseline` to the one written from `result` (null:
 * there was none). Compared before writing, so the person committing it sees what it accepts.
 */
export function baselineChange(
  result: InventoryResult,
  previous: Baseline | null,
  kinds: readonly Kind[],
): BaselineChange | null {
  if (previous === null) return null;
  const { added, removed, reclassified } = compare(result, previous, ratchetedCounters(kinds));
  return { accepted: added, dropped: removed, reclassified };
}

/** Subclasses in none of the baseline's lists, of a kind no ratcheted counter covers. */
function unratchetedAdditions(
  result: InventoryResult,
  baseline: Baseline,
  counters: readonly string[],
): NonNullable<RatchetOutcome["unratcheted"]>[number][] {
  const ratcheted = new Set(counters.map(kindOf));
  const known = new Set(Object.values(baseline.classes).flat());
  return result.classes
    .filter((c) => !ratcheted.has(c.kind) && !known.has(classKey(c)))
    .map((c) => ({ name: c.name, file: c.file, line: c.line, kind: c.kind }));
}

/** Exit code for a ratchet outcome: worse, incomplete and no-baseline fail. */
export function ratchetExitCode(outcome: RatchetOutcome): 0 | 1 {
  return outcome.status === "worse" || outcome.status === "no-baseline" || outcome.status === "incomplete" ? 1 : 0;
}
