/**
 * The one set of rules capkit resolves an import specifier by, without a tsconfig or Node: the
 * inventory's module graph (root-relative paths of the scanned files) and the lint's resolver
 * (absolute paths, the file system or a known set) both ask it, with their own `exists`.
 *
 *   candidateBases(from, specifier)  where the specifier may point, most preferred first:
 *     `./x` `../x` → next to `from`; `/abs` → itself; a seam-config alias → its targets;
 *     a tsconfig `paths` pattern of the scope `from` is in → its targets (lib/import-aliases.ts);
 *     a workspace package name or `name/sub` → its `exports` targets (lib/package-exports.ts:
 *     subpaths, `*` patterns, conditions), then the source layout: the entry, `src/index`,
 *     `index` for the name; `src/<sub>`, `<sub>` for a subpath; then the scope's `baseUrl`.
 *     null: an external package.
 *   probe(base)  the file a base denotes: a `.js`/`.jsx`/`.mjs`/`.cjs` twin in TypeScript first,
 *     the base itself, then `<base>.ts|.tsx|.mts|.cts`, then `<base>/index.ts|.tsx|.mts|.cts`.
 */
import { posix } from "node:path";
import { exportTargets, type PackageExports } from "./package-exports.js";

const SOURCE_EXT = [".ts", ".tsx", ".mts", ".cts"];
/** A JavaScript extension's TypeScript twins (NodeNext: `./a.js` names `a.ts`). */
export const JS_TO_TS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

export interface ResolvablePackage {
  readonly name: string;
  /** The package folder, in the caller's path style (root-relative or absolute, `/` separators). */
  readonly dir: string;
  /** The entry file in the same style, when known. */
  readonly entry: string | null;
  readonly exports?: PackageExports;
}

export interface SpecifierAlias {
  /** `@app/` for a `@app/*` alias, or the exact specifier. */
  readonly prefix: string;
  /** What follows the `*` (`.js` in `@app/*.js`); empty by default. */
  readonly suffix?: string;
  readonly wildcard: boolean;
  /** Target bases in the caller's path style, tried in order; a wildcard's hold one `*` the match replaces. */
  readonly targets: readonly string[];
}

/** A tsconfig's aliases: they apply to the files under `dir` that no deeper scope holds. */
export interface AliasScope {
  /** The tsconfig's folder in the caller's path style ("" for the root of root-relative paths). */
  readonly dir: string;
  readonly aliases: readonly SpecifierAlias[];
  /** The folder `baseUrl` names (bare specifiers are tried under it last), or null. */
  readonly baseUrl: string | null;
}

export interface SpecifierRules {
  readonly exists: (path: string) => boolean;
  /** The path functions of the caller's style: `posix` for root-relative paths (the default), `node:path` for native absolute ones. */
  readonly paths?: Pick<typeof posix, "dirname" | "join" | "normalize">;
  readonly packages: readonly ResolvablePackage[];
  /** The seam config's aliases: everywhere, before any tsconfig's. */
  readonly aliases?: readonly SpecifierAlias[];
  readonly scopes?: readonly AliasScope[];
}

/** A pattern's target bases for `specifier`, or null when it does not match. */
function aliasBases(a: SpecifierAlias, specifier: string): string[] | null {
  const suffix = a.suffix ?? "";
  if (!a.wildcard) return specifier === a.prefix ? [...a.targets] : null;
  if (!specifier.startsWith(a.prefix) || !specifier.endsWith(suffix)) return null;
  if (specifier.length < a.prefix.length + suffix.length) return null;
  const star = specifier.slice(a.prefix.length, specifier.length - suffix.length);
  return a.targets.map((t) => t.replace("*", star));
}

/** The first alias that matches, as TypeScript picks: an exact pattern, else the longest prefix. */
export function matchAlias(aliases: readonly SpecifierAlias[], specifier: string): string[] | null {
  let best: { bases: string[]; rank: number } | null = null;
  for (const a of aliases) {
    const bases = aliasBases(a, specifier);
    const rank = a.wildcard ? a.prefix.length : Infinity;
    if (bases && (best === null || rank > best.rank)) best = { bases, rank };
  }
  return best?.bases ?? null;
}

/** The deepest scope holding `file`, or undefined. */
export function scopeOf<S extends { readonly dir: string }>(scopes: readonly S[], file: string): S | undefined {
  let best: S | undefined;
  for (const s of scopes) {
    const holds = s.dir === "" || file.startsWith(`${s.dir}/`) || file.startsWith(`${s.dir}\\`);
    if (holds && (best === undefined || s.dir.length > best.dir.length)) best = s;
  }
  return best;
}

/** The extension a twin is looked for by (`posix.extname` of the base's last segment). */
function extensionOf(base: string): string {
  return posix.extname(posix.basename(base));
}

export function probe(base: string, exists: (path: string) => boolean): string | null {
  const ext = extensionOf(base);
  for (const alt of JS_TO_TS[ext] ?? []) {
    const twin = base.slice(0, -ext.length) + alt;
    if (exists(twin)) return twin;
  }
  if (exists(base)) return base;
  for (const e of SOURCE_EXT) if (exists(base + e)) return base + e;
  // A native Windows base keeps its own separator, so a known-files set of such paths still matches.
  const sep = base.includes("\\") && !base.includes("/") ? "\\" : "/";
  for (const e of SOURCE_EXT) if (exists(`${base}${sep}index${e}`)) return `${base}${sep}index${e}`;
  return null;
}

/** Where a base would be if it existed: its TypeScript twin for a `.js` name, else itself (the lint's guess). */
export function twinOf(base: string): string {
  const ext = extensionOf(base);
  const alt = JS_TO_TS[ext]?.[0];
  return alt ? base.slice(0, -ext.length) + alt : base;
}

export function createSpecifierResolution(rules: SpecifierRules) {
  // Longest name first, so `@a/b-c` is not taken for `@a/b`.
  const packages = [...rules.packages].sort((a, b) => b.name.length - a.name.length);
  const aliases = rules.aliases ?? [];
  const scopes = rules.scopes ?? [];
  const { dirname, join, normalize } = rules.paths ?? posix;

  const candidateBases = (fromFile: string, specifier: string): string[] | null => {
    if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
      return [normalize(join(dirname(fromFile), specifier))];
    }
    if (specifier.startsWith("/")) return [specifier];
    const seamBases = matchAlias(aliases, specifier);
    if (seamBases) return seamBases.map((b) => normalize(b));
    const scope = scopes.length > 0 ? scopeOf(scopes, fromFile) : undefined;
    const aliased = scope ? (matchAlias(scope.aliases, specifier) ?? []).map((b) => normalize(b)) : [];
    const layout = packageBases(specifier);
    return aliased.length === 0 ? layout : [...aliased, ...(layout ?? [])];
  };

  /** Under the scope's `baseUrl`, tried last by resolve only: a guess there would take every npm package for a missing file. */
  const baseUrlBase = (fromFile: string, specifier: string): string | null => {
    if (scopes.length === 0 || specifier.startsWith(".") || specifier.startsWith("/")) return null;
    const baseUrl = scopeOf(scopes, fromFile)?.baseUrl;
    return baseUrl ? join(baseUrl, specifier) : null;
  };

  const packageBases = (specifier: string): string[] | null => {
    for (const p of packages) {
      const mapped = (subpath: string) =>
        p.exports ? (exportTargets(p.exports, subpath) ?? []).map((t) => normalize(join(p.dir, t))) : [];
      if (specifier === p.name)
        return [...mapped("."), ...(p.entry ? [p.entry] : []), join(p.dir, "src", "index"), join(p.dir, "index")];
      if (specifier.startsWith(`${p.name}/`)) {
        const sub = specifier.slice(p.name.length + 1);
        return [...mapped(`./${sub}`), join(p.dir, "src", sub), join(p.dir, sub)];
      }
    }
    return null;
  };

  return {
    candidateBases,
    /** The file the specifier loads, or null (an external package, a missing file). */
    resolve(fromFile: string, specifier: string): string | null {
      for (const base of candidateBases(fromFile, specifier) ?? []) {
        const hit = probe(base, rules.exists);
        if (hit) return hit;
      }
      const underBaseUrl = baseUrlBase(fromFile, specifier);
      return underBaseUrl === null ? null : probe(underBaseUrl, rules.exists);
    },
  };
}
