/**
 * Test-only: turns a hand-written partial inventory (`{ classes: [{ name, file, line, kind,
 * wireName, namespace, category }] }`) into a complete InventoryResult, filling the fields a
 * fixture author should not have to repeat and deriving the counters from the classes (through
 * the inventory's shared test builder), sorted as a scan sorts them.
 */
import { classRecord, inventoryResult } from "../../inventory/test-support/inventory-result.js";
import type { ClassRecord, InventoryResult } from "../../inventory/types.js";

type PartialClass = Partial<ClassRecord> & { readonly name: string | null; readonly file: string };

export function inventoryFromPartial(raw: unknown, root: string): InventoryResult {
  const obj = (raw ?? {}) as { classes?: readonly PartialClass[] } & Partial<InventoryResult>;
  const classes = (obj.classes ?? []).map(classRecord);
  classes.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return inventoryResult(classes, {
    root,
    generatedAt: obj.generatedAt,
    scannedFiles: obj.scannedFiles,
    counters: obj.counters,
    problems: obj.problems,
    incomplete: obj.incomplete,
  });
}
