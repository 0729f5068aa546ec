/**
 * Test-only builders for InventoryResult objects, shared by every job's tests that need one
 * without scanning a tree (the codemods' fixture inventories, the reporters' and dashboard's
 * sample results). The counters come from the inventory's own `countClasses`, so a built result
 * counts exactly as a scan of the same classes would.
 */
import { countClasses } from "../count/count.js";
import type { ClassRecord, InventoryResult } from "../types.js";

/** A complete ClassRecord from the fields a test cares about: a direct capability-shaped `Tool` subclass unless told otherwise. */
export function classRecord(
  partial: Partial<ClassRecord> & { readonly name: string | null; readonly file: string },
): ClassRecord {
  const base = partial.base ?? "Tool";
  return {
    name: partial.name,
    file: partial.file,
    line: partial.line ?? 1,
    base,
    direct: partial.direct ?? true,
    chain: partial.chain ?? [base],
    kind: partial.kind ?? "capability",
    wireName: partial.wireName ?? null,
    namespace: partial.namespace ?? null,
    category: partial.category ?? null,
    categorySource: partial.categorySource ?? (partial.category ? "map" : "none"),
    evidence: partial.evidence ?? [],
    blockers: partial.blockers ?? [],
  };
}

/**
 * An InventoryResult over `classes` (kept in the order given: a scan sorts them by file, then
 * line) with counters derived from them. Fields in `over` replace the defaults; an undefined
 * one keeps its default, so a caller can pass through what a hand-written fixture may omit.
 */
export function inventoryResult(classes: readonly ClassRecord[], over: Partial<InventoryResult> = {}): InventoryResult {
  const given = Object.fromEntries(
    Object.entries(over).filter(([, value]) => value !== undefined),
  ) as Partial<InventoryResult>;
  return {
    version: 1,
    root: "/repo",
    generatedAt: "1970-01-01T00:00:00.000Z",
    scannedFiles: new Set(classes.map((c) => c.file)).size,
    counters: countClasses(classes),
    classes,
    problems: [],
    incomplete: false,
    ...given,
  };
}
