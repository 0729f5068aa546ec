/**
 * The proposed capability module table: one row per namespace the inventory proposes for
 * capability-shaped classes, with the files it draws from and where the proposal came from, so a
 * team can review the modules before the first migrate. Shared by the table and Markdown reporters.
 */
import type { InventoryResult } from "../inventory/types.js";

export interface ModuleRow {
  readonly namespace: string;
  readonly classes: number;
  readonly files: readonly string[];
  /** Where the namespaces came from ("config", "preset", "file-name", "wire-name"), sorted. */
  readonly sources: readonly string[];
}

export function moduleTable(inv: InventoryResult): ModuleRow[] {
  const rows = new Map<string, { classes: number; files: Set<string>; sources: Set<string> }>();
  for (const k of inv.classes) {
    if (k.kind !== "capability" || !k.namespace) continue;
    const row = rows.get(k.namespace) ?? { classes: 0, files: new Set<string>(), sources: new Set<string>() };
    row.classes++;
    row.files.add(k.file);
    if (k.namespaceSource) row.sources.add(k.namespaceSource);
    rows.set(k.namespace, row);
  }
  return [...rows.entries()]
    .map(([namespace, r]) => ({
      namespace,
      classes: r.classes,
      files: [...r.files].sort(),
      sources: [...r.sources].sort(),
    }))
    .sort((a, b) => a.namespace.localeCompare(b.namespace));
}

/** "read" / "read (proposed)" / "external (fallback)"; `short` marks with ? and * for the terminal. */
export function categoryText(category: string | null, source: string, short: boolean): string {
  if (!category) return short ? "-" : "–";
  if (source === "fallback") return short ? `${category}*` : `${category} (fallback)`;
  if (source === "proposed") return short ? `${category}?` : `${category} (proposed)`;
  return category;
}
