/**
 * The proposed capability module table: one row per namespace the inventory proposes for
 * capability-shaped classes, with the files it draws from and where the proposal came from, so a
 * team can review the modules before the first migrate. Shared by the table and Markdown reporters.
 */
import type { InventoryResult } from "../inventory/types.js";
import { proposedCategory } from "../lib/wording.js";

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

/** A module row lists its files when it has at most this many; past it, `filesSummary`. */
export const FILES_LISTED = 10;
const FILES_SAMPLED = 5;

/** The folder every file is in (no trailing slash), "" when they share none. */
function commonFolder(files: readonly string[]): string {
  let common: string[] | null = null;
  for (const file of files) {
    const dirs = file.split("/").slice(0, -1);
    if (common === null) common = dirs;
    let n = 0;
    while (n < common.length && n < dirs.length && common[n] === dirs[n]) n++;
    common.length = n;
    if (n === 0) break;
  }
  return (common ?? []).join("/");
}

/**
 * What a module row shows of its files, one line each: all of them when there are few; else
 * how many and the folder they share, the first few (paths a namespaces.byFile override can
 * name), and how many more, so a cell stays a few lines for a module of hundreds of files.
 * The JSON result keeps every class with its file.
 */
export function filesSummary(files: readonly string[]): string[] {
  if (files.length <= FILES_LISTED) return [...files];
  const folder = commonFolder(files);
  const shown = files.slice(0, FILES_SAMPLED);
  return [
    `${files.length} files${folder ? ` under ${folder}/` : ""}, first ${shown.length}:`,
    ...shown,
    `… ${files.length - shown.length} more (capkit inventory --json lists each class's file)`,
  ];
}

/** "read" / "read (proposed)" / "external (fallback)"; `short` marks with ? and * for the terminal. */
export function categoryText(category: string | null, source: string, short: boolean): string {
  if (!category) return short ? "-" : "–";
  if (source === "fallback") return short ? `${category}*` : `${category} (fallback)`;
  if (source === "proposed") return short ? proposedCategory(category) : `${category} (proposed)`;
  return category;
}
