/**
 * A class's permission category (config override → the named categories map → a proposal from
 * the wire name's verb and what the process does, category-proposal.ts → the unlisted →
 * external fallback), with the evidence line that explains it. Namespaces: namespaces.ts.
 */
import type { CategoryMapFact, FileFacts } from "../extract/facts.js";
import { proposeCategory } from "./category-proposal.js";
import type { PermissionCategory } from "../types.js";

export interface CategoryTable {
  readonly mapName: string;
  readonly fallback: PermissionCategory;
  readonly overrides: Readonly<Record<string, PermissionCategory>>;
  readonly entries: ReadonlyMap<string, { category: PermissionCategory; file: string; line: number }>;
  readonly found: boolean;
}

export function buildCategoryTable(
  files: readonly FileFacts[],
  mapName: string,
  fallback: PermissionCategory,
  overrides: Readonly<Record<string, PermissionCategory>>,
): CategoryTable {
  const entries = new Map<string, { category: PermissionCategory; file: string; line: number }>();
  let found = false;
  for (const f of files) {
    for (const m of f.categoryMaps as readonly CategoryMapFact[]) {
      if (m.name !== mapName) continue;
      found = true;
      for (const [k, v] of Object.entries(m.entries))
        entries.set(k, { category: v as PermissionCategory, file: f.file, line: m.line });
    }
  }
  return { mapName, fallback, overrides, entries, found };
}

export function categoryFor(
  wireName: string | null,
  table: CategoryTable,
  effects: readonly string[] = [],
  constant?: string,
) {
  if (wireName === null && constant) return constantCategory(constant, table, effects);
  if (wireName === null) return { category: null, source: "none" as const, evidence: null };
  const o = table.overrides[wireName];
  if (o)
    return { category: o, source: "config" as const, evidence: `category "${o}" from config categories.overrides` };
  const e = table.entries.get(wireName);
  if (e)
    return {
      category: e.category,
      source: "map" as const,
      evidence: `category "${e.category}" from ${table.mapName} (${e.file}:${e.line})`,
    };
  const why = table.found
    ? `"${wireName}" is not listed in ${table.mapName}`
    : `no ${table.mapName} map found in the scanned files`;
  const proposal = proposeCategory(wireName, effects);
  if (proposal)
    return {
      category: proposal.category,
      source: "proposed" as const,
      evidence: `category "${proposal.category}" proposed from ${proposal.why}: ${why} (at run time an unlisted name falls back to "${table.fallback}")`,
    };
  return {
    category: table.fallback,
    source: "fallback" as const,
    evidence: `category "${table.fallback}" by fallback: ${why}`,
  };
}

/**
 * A wire name read from a constant outside the scan cannot be looked up in the map; the
 * constant's own words (`WEB_SEARCH_TOOL_NAME` → "search") propose a category, flagged so.
 */
function constantCategory(constant: string, table: CategoryTable, effects: readonly string[]) {
  const why = `the wire name is the constant ${constant}, whose value is not in the scanned files, so ${table.mapName} cannot be read for it`;
  const proposal = proposeCategory(constant.split(".").pop() ?? constant, effects);
  if (proposal)
    return {
      category: proposal.category,
      source: "proposed" as const,
      evidence: `category "${proposal.category}" proposed from ${proposal.why.replace("the wire name's", "the constant's")}: ${why}`,
    };
  return {
    category: table.fallback,
    source: "fallback" as const,
    evidence: `category "${table.fallback}" by fallback: ${why}`,
  };
}
