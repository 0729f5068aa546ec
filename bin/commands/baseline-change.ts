/**
 * What `inventory --update-baseline` tells the person about to commit the new baseline: which
 * classes it accepts, drops and records under another kind, against the baseline it replaces.
 */
import { CapkitError } from "../../lib/errors.js";
import type { BaselineChange } from "../../inventory/ratchet/check.js";
import type { Baseline } from "../../inventory/ratchet/ratchet-baseline.js";
import { firstOf, plural } from "../../lib/wording.js";

/** The baseline being replaced; null when there is none or it cannot be read (rewriting it is the fix). */
export function previousBaseline(read: () => Baseline | null): Baseline | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof CapkitError) return null;
    throw error;
  }
}

const SHOWN = 5;
const listed = (items: readonly string[]) => firstOf(items, SHOWN);

/** Indented lines naming the change (empty without a previous baseline: everything is new then). */
export function changeLines(change: BaselineChange | null): string {
  if (change === null) return "";
  const { accepted, dropped, reclassified } = change;
  if (accepted.length + dropped.length + reclassified.length === 0)
    return "  no class changed against the baseline it replaces\n";
  const name = (n: string | null) => n ?? "<anonymous>";
  const lines: string[] = [];
  if (accepted.length)
    lines.push(
      `accepts ${plural(accepted.length, "new class", "new classes")}: ${listed(accepted.map((a) => `${name(a.name)} (${a.file}:${a.line}, ${a.kind})`))}`,
    );
  if (dropped.length)
    lines.push(
      `drops ${plural(dropped.length, "class", "classes")} no longer found (converted or deleted): ${listed(dropped.map((d) => `${name(d.name)} (${d.file})`))}`,
    );
  if (reclassified.length)
    lines.push(
      `records ${plural(reclassified.length, "class", "classes")} under another kind, not converted: ${listed(reclassified.map((r) => `${name(r.name)} (${r.from} → ${r.to})`))}`,
    );
  return lines.map((l) => `  ${l}\n`).join("");
}
