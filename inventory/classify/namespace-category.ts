/**
 * A class's proposed namespace (config by wire name → config by file → `<ns>-tools.ts` file
 * name) and permission category (config override → the named categories map → fallback),
 * each with the evidence line that explains it.
 */
import { posix } from "node:path";
import type { CategoryMapFact, FileFacts } from "../extract/facts.js";
import type { PermissionCategory } from "../types.js";

export interface NamespaceRules {
  readonly fromFileName: boolean;
  readonly byFile: Readonly<Record<string, string>>;
  readonly byWireName: Readonly<Record<string, string>>;
}

export function namespaceFor(file: string, wireName: string | null, rules: NamespaceRules): { namespace: string | null; evidence: string | null } {
  if (wireName && rules.byWireName[wireName]) return { namespace: rules.byWireName[wireName], evidence: `namespace "${rules.byWireName[wireName]}" from config namespaces.byWireName` };
  if (rules.byFile[file]) return { namespace: rules.byFile[file], evidence: `namespace "${rules.byFile[file]}" from config namespaces.byFile` };
  const m = rules.fromFileName ? /^(.+)-tools\.[cm]?tsx?$/.exec(posix.basename(file)) : null;
  if (m?.[1]) return { namespace: m[1], evidence: `namespace "${m[1]}" from file name ${posix.basename(file)}` };
  return { namespace: null, evidence: null };
}

export interface CategoryTable {
  readonly mapName: string;
  readonly fallback: PermissionCategory;
  readonly overrides: Readonly<Record<string, PermissionCategory>>;
  readonly entries: ReadonlyMap<string, { category: PermissionCategory; file: string; line: number }>;
  readonly found: boolean;
}

export function buildCategoryTable(files: readonly FileFacts[], mapName: string, fallback: PermissionCategory, overrides: Readonly<Record<string, PermissionCategory>>): CategoryTable {
  const entries = new Map<string, { category: PermissionCategory; file: string; line: number }>();
  let found = false;
  for (const f of files) {
    for (const m of f.categoryMaps as readonly CategoryMapFact[]) {
      if (m.name !== mapName) continue;
      found = true;
      for (const [k, v] of Object.entries(m.entries)) entries.set(k, { category: v as PermissionCategory, file: f.file, line: m.line });
    }
  }
  return { mapName, fallback, overrides, entries, found };
}

export function categoryFor(wireName: string | null, table: CategoryTable) {
  if (wireName === null) return { category: null, source: "none" as const, evidence: null };
  const o = table.overrides[wireName];
  if (o) return { category: o, source: "config" as const, evidence: `category "${o}" from config categories.overrides` };
  const e = table.entries.get(wireName);
  if (e) return { category: e.category, source: "map" as const, evidence: `category "${e.category}" from ${table.mapName} (${e.file}:${e.line})` };
  const why = table.found ? `"${wireName}" is not listed in ${table.mapName}` : `no ${table.mapName} map found in the scanned files`;
  return { category: table.fallback, source: "fallback" as const, evidence: `category "${table.fallback}" by fallback: ${why}` };
}
