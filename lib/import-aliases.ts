/**
 * The one home of a repo's import aliases, for the inventory's module graph, migrate and the
 * lint alike: the seam config's `aliases` (everywhere) merged with the tsconfig `paths` and
 * `baseUrl` of the root's tsconfig.json and of each workspace package's own (lib/tsconfig-paths.ts
 * reads them, `extends` chains included). A package's tsconfig decides for the files under it,
 * as tsc run there does; the root's for the rest. Paths are root-relative with `/` separators
 * (the inventory's style); `absoluteAliases` gives the lint's. A broken tsconfig is a problem
 * naming the file: the rest still resolves.
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import type { AliasScope, SpecifierAlias } from "./specifier-resolution.js";
import { readTsconfigPaths, type TsconfigProblem } from "./tsconfig-paths.js";

export interface ImportAliases {
  /** The seam config's aliases. */
  readonly seam: readonly SpecifierAlias[];
  /** One per tsconfig read, root first ("" is the root). */
  readonly scopes: readonly AliasScope[];
  readonly problems: readonly TsconfigProblem[];
  /** Every tsconfig looked for or read, `extends` chains included (root-relative): what a cache of them keys on. */
  readonly configFiles: readonly string[];
}

export const NO_ALIASES: ImportAliases = { seam: [], scopes: [], problems: [], configFiles: [] };

/** A pattern (`@core/*`, `~/*.js`, an exact name) and its targets as a SpecifierAlias. */
export function aliasOf(pattern: string, targets: readonly string[]): SpecifierAlias {
  const star = pattern.indexOf("*");
  if (star === -1) return { prefix: pattern, wildcard: false, targets };
  return {
    prefix: pattern.slice(0, star),
    suffix: pattern.slice(star + 1),
    wildcard: true,
    // A wildcard target without a `*` (a seam alias "x/*" → "src/x") takes the match under it.
    targets: targets.map((t) => (t.includes("*") ? t : `${t.replace(/\/$/, "")}/*`)),
  };
}

const toPosix = (p: string): string => p.split(sep).join("/");

function rootRelative(root: string, abs: string): string {
  const rel = toPosix(relative(root, abs));
  return rel === "" ? "." : rel;
}

/** The seam config's aliases and the tsconfigs' of the root and of `packageDirs` (root-relative). */
export function readImportAliases(
  root: string,
  seamAliases: Readonly<Record<string, string>>,
  packageDirs: readonly string[],
): ImportAliases {
  const problems: TsconfigProblem[] = [];
  const scopes: AliasScope[] = [];
  const files = new Set<string>();
  for (const dir of ["", ...packageDirs]) {
    const file = join(root, dir, "tsconfig.json");
    files.add(file); // a tsconfig that appears later changes the aliases too
    if (!existsSync(file)) continue;
    const read = readTsconfigPaths(file, root, problems, files);
    const aliases = [...(read?.paths ?? new Map<string, readonly string[]>())].map(([pattern, targets]) =>
      aliasOf(
        pattern,
        targets.map((t) => rootRelative(root, t)),
      ),
    );
    scopes.push({ dir, aliases, baseUrl: read?.baseUrl ? rootRelative(root, read.baseUrl) : null });
  }
  const seam = Object.entries(seamAliases).map(([from, to]) =>
    aliasOf(from, [isAbsolute(to) ? rootRelative(root, to) : toPosix(to).replace(/^\.\//, "")]),
  );
  return { seam, scopes, problems, configFiles: [...files].map((f) => rootRelative(root, f)) };
}

/** The same aliases over absolute native paths (the lint's resolver). */
export function absoluteAliases(root: string, a: ImportAliases): ImportAliases {
  const abs = (p: string) => join(root, p);
  const alias = (x: SpecifierAlias): SpecifierAlias => ({ ...x, targets: x.targets.map(abs) });
  return {
    seam: a.seam.map(alias),
    scopes: a.scopes.map((s) => ({
      dir: abs(s.dir),
      aliases: s.aliases.map(alias),
      baseUrl: s.baseUrl === null ? null : abs(s.baseUrl),
    })),
    problems: a.problems,
    configFiles: a.configFiles,
  };
}
