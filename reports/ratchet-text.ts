/**
 * People-facing wording for a ratchet outcome, shared by the table, Markdown and GitHub
 * reporters so they say the same thing.
 */
import type { InventoryResult, RatchetDelta, RatchetOutcome } from "../inventory/types.js";
import { unscannedCount, unscannedPaths } from "../lib/unscanned.js";

/**
 * The one wording for an incomplete scan (every reporter), counting folders and files as what
 * they are, not problems; null when complete.
 */
export function incompleteText(inv: Pick<InventoryResult, "incomplete" | "problems">): string | null {
  if (!inv.incomplete && inv.problems.length === 0) return null;
  return `scan incomplete: ${unscannedCount(unscannedPaths(inv.problems))} could not be scanned, so the counts are too low and the ratchet is not checked`;
}

/** Statuses that fail the check. */
export function ratchetFails(status: RatchetOutcome["status"] | undefined): boolean {
  return status === "worse" || status === "no-baseline" || status === "incomplete";
}

export function counterLabel(counter: string): string {
  if (counter === "capabilityShaped") return "capability-shaped";
  if (counter === "loopProtocol") return "loop-protocol";
  if (counter.startsWith("kind:")) return `kind ${counter.slice(5)}`;
  return counter;
}

export function deltaText(d: RatchetDelta): string {
  return `${counterLabel(d.counter)} ${d.baseline} → ${d.current}`;
}

export function classLabel(c: { readonly name: string | null; readonly file: string; readonly line?: number }): string {
  const where = c.line !== undefined ? `${c.file}:${c.line}` : c.file;
  return `${c.name ?? "(anonymous class)"} (${where})`;
}

/** One headline plus detail lines, no markup. */
export function ratchetLines(r: RatchetOutcome): { headline: string; details: string[] } {
  const deltas = r.deltas.map(deltaText).join(", ");
  const details: string[] = [];
  let headline: string;
  switch (r.status) {
    case "ok":
      headline = r.unratcheted?.length
        ? `ratchet ok: no ratcheted class added or lost against ${r.baselineFile}; ${r.unratcheted.length} new subclass${r.unratcheted.length === 1 ? "" : "es"} of a kind not ratcheted`
        : `ratchet ok: no ratcheted class added or lost against ${r.baselineFile}`;
      break;
    case "better":
      headline = `ratchet better than ${r.baselineFile}${deltas ? `: ${deltas}` : ""}`;
      break;
    case "worse":
      headline = `ratchet WORSE than ${r.baselineFile}${deltas ? `: ${deltas}` : ""}`;
      break;
    case "reclassified":
      headline = `ratchet: classes changed kind without being converted (not progress)${deltas ? `: ${deltas}` : ""}`;
      break;
    case "incomplete":
      headline = `ratchet NOT CHECKED against ${r.baselineFile}: the scan is incomplete`;
      break;
    case "no-baseline":
      headline = `ratchet: no baseline at ${r.baselineFile}`;
      break;
  }
  for (const a of r.added) details.push(`new ${a.kind}: ${classLabel(a)}`);
  for (const g of r.removed) details.push(`gone ${g.kind}: ${classLabel(g)}`);
  for (const m of r.reclassified ?? []) details.push(`not converted, now ${m.to} (was ${m.from}): ${classLabel(m)}`);
  for (const u of r.unratcheted ?? []) details.push(`new, not ratcheted, ${u.kind}: ${classLabel(u)}`);
  if (r.hint) details.push(`hint: ${r.hint}`);
  return { headline, details };
}
