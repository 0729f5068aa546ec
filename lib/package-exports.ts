/**
 * A package.json `exports` field, read for static resolution (no Node, no file system): which
 * files a subpath (`.`, `./tools`, `./tools/base`) may denote, most preferred first. Subpath
 * keys and `*` patterns follow Node's PACKAGE_EXPORTS_RESOLVE (exact key first, else the pattern
 * with the longest prefix, then the longest key; every `*` in a target takes the matched part).
 * Conditions are tried in the order a source reader wants: "types", "import", "default",
 * "require", then any other condition as written; nested conditions and fallback arrays are
 * flattened in that order. The caller picks the first target that is a file it knows.
 * Used by the inventory's module graph (via lib/workspace-aliases.ts).
 */

/** One `exports` key and its targets (package-relative, as written), most preferred first; [] for a `null` target. */
export interface ExportEntry {
  readonly key: string;
  readonly targets: readonly string[];
}

export type PackageExports = readonly ExportEntry[];

const CONDITION_ORDER = ["types", "import", "default", "require"];

function targetsOf(value: unknown, depth = 0): string[] {
  if (typeof value === "string") return [value];
  if (depth > 8 || value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v) => targetsOf(v, depth + 1));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const ordered = [
    ...CONDITION_ORDER.filter((k) => keys.includes(k)),
    ...keys.filter((k) => !CONDITION_ORDER.includes(k)),
  ];
  return [...new Set(ordered.flatMap((k) => targetsOf(record[k], depth + 1)))];
}

/** The `exports` field as entries; null when the package has none (or it is not usable). */
export function readExportsField(field: unknown): PackageExports | null {
  if (field === undefined || field === null) return null;
  if (typeof field === "string" || Array.isArray(field)) return [{ key: ".", targets: targetsOf(field) }];
  if (typeof field !== "object") return null;
  const record = field as Record<string, unknown>;
  const keys = Object.keys(record);
  // Keys that do not start with "." are conditions of the "." entry (`{ "import": …, "types": … }`).
  if (!keys.some((k) => k.startsWith("."))) return [{ key: ".", targets: targetsOf(record) }];
  return keys.filter((k) => k.startsWith(".")).map((key) => ({ key, targets: targetsOf(record[key]) }));
}

/** Is pattern key `a` a better match than `b`? (Node's PATTERN_KEY_COMPARE: longer prefix up to `*`, then longer key.) */
function betterPattern(a: string, b: string): boolean {
  const baseA = a.indexOf("*") + 1;
  const baseB = b.indexOf("*") + 1;
  return baseA !== baseB ? baseA > baseB : a.length > b.length;
}

/**
 * The targets `subpath` ("." or "./x/y") maps to, `*` substituted, most preferred first; null
 * when no key matches (the package does not export it).
 */
export function exportTargets(exports: PackageExports, subpath: string): readonly string[] | null {
  const exact = exports.find((e) => e.key === subpath && !e.key.includes("*"));
  if (exact) return exact.targets;
  let best: { entry: ExportEntry; match: string } | null = null;
  for (const entry of exports) {
    const star = entry.key.indexOf("*");
    if (star === -1 || entry.key.indexOf("*", star + 1) !== -1) continue;
    const prefix = entry.key.slice(0, star);
    const suffix = entry.key.slice(star + 1);
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || subpath.length < entry.key.length) continue;
    if (best && !betterPattern(entry.key, best.entry.key)) continue;
    best = { entry, match: subpath.slice(star, subpath.length - suffix.length) };
  }
  if (!best) return null;
  const { match } = best;
  return best.entry.targets.map((t) => t.replaceAll("*", match));
}
