/**
 * Test-only: turns a hand-written partial inventory (`{ classes: [{ name, file, line, kind,
 * wireName, namespace, category }] }`) into a complete InventoryResult, filling the fields a
 * fixture author should not have to repeat and deriving the counters from the classes.
 */
import { KINDS, type ClassRecord, type InventoryResult, type Kind } from "../../inventory/types.js";

type PartialClass = Partial<ClassRecord> & { readonly name: string | null; readonly file: string };

export function inventoryFromPartial(raw: unknown, root: string): InventoryResult {
  const obj = (raw ?? {}) as { classes?: readonly PartialClass[] } & Partial<InventoryResult>;
  const classes: ClassRecord[] = (obj.classes ?? []).map((c) => ({
    name: c.name,
    file: c.file,
    line: c.line ?? 1,
    base: c.base ?? "Tool",
    direct: c.direct ?? true,
    chain: c.chain ?? [c.base ?? "Tool"],
    kind: c.kind ?? "capability",
    wireName: c.wireName ?? null,
    namespace: c.namespace ?? null,
    category: c.category ?? null,
    categorySource: c.categorySource ?? (c.category ? "map" : "none"),
    evidence: c.evidence ?? [],
    blockers: c.blockers ?? [],
  }));
  classes.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const byNamespace: Record<string, number> = {};
  const direct = classes.filter((c) => c.direct);
  const indirect = classes.filter((c) => !c.direct);
  for (const c of classes) {
    byKind[c.kind] += 1;
    if (c.kind === "capability") byNamespace[c.namespace ?? "(none)"] = (byNamespace[c.namespace ?? "(none)"] ?? 0) + 1;
  }
  return {
    version: 1,
    root,
    generatedAt: obj.generatedAt ?? "1970-01-01T00:00:00.000Z",
    scannedFiles: obj.scannedFiles ?? new Set(classes.map((c) => c.file)).size,
    counters: obj.counters ?? {
      extendsTool: { occurrences: direct.length, files: new Set(direct.map((c) => c.file)).size },
      indirect: { occurrences: indirect.length, files: new Set(indirect.map((c) => c.file)).size },
      capabilityShaped: byKind.capability,
      loopProtocol: byKind["loop-protocol"],
      byKind,
      byNamespace,
    },
    classes,
    problems: obj.problems ?? [],
    incomplete: obj.incomplete ?? false,
  };
}
