/**
 * Resolves an import specifier to a file of the scanned tree without a tsconfig, by the rules
 * the inventory uses too (lib/specifier-resolution.ts: relative paths with NodeNext's `.js` →
 * `.ts` mapping and index files, workspace package names and subpaths through their `exports`
 * map, then the source layout), with the seam config's `aliases` and the tsconfigs' `paths`
 * (lib/import-aliases.ts, the inventory's and migrate's too). Returns absolute paths;
 * `guess` gives the path an unresolved relative import points at, so a missing file on the
 * wrong side is still caught. Consumed by import-graph.ts and the rules.
 */
import { existsSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import { absoluteAliases, readImportAliases } from "../../lib/import-aliases.js";
import { createSpecifierResolution, scopeOf, twinOf } from "../../lib/specifier-resolution.js";
import type { TsconfigProblem } from "../../lib/tsconfig-paths.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts)$/;

export interface Resolver {
  /** Absolute path of the file the specifier loads, or null (external package, missing file). */
  resolve(fromFile: string, specifier: string): string | null;
  /** Absolute path the specifier names even if no such file exists, or null for external packages. */
  guess(fromFile: string, specifier: string): string | null;
  /** Tsconfigs whose aliases could not be read (each names its file). */
  readonly problems: readonly TsconfigProblem[];
  /** The tsconfigs it read or looked for, `extends` chains included (root-relative): an edit to one means a new resolver. */
  readonly configFiles: readonly string[];
}

export interface ResolverOptions {
  /** Known files (absolute). Without it the resolver asks the file system. */
  readonly files?: ReadonlySet<string>;
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The lint's resolver: lib/specifier-resolution.ts's rules over absolute paths, cached per folder and specifier. */
export function createResolver(root: string, options: ResolverOptions = {}): Resolver {
  const files = options.files;
  const workspace = listWorkspacePackages(root);
  const aliases = absoluteAliases(
    resolve(root),
    readImportAliases(
      root,
      options.aliases ?? {},
      workspace.map((p) => p.dir),
    ),
  );
  const rules = createSpecifierResolution({
    paths: { dirname, join, normalize },
    exists: files ? (p) => files.has(p) : (p) => SOURCE_FILE.test(p) && existsSync(p),
    packages: workspace.map((p) => ({
      name: p.name,
      dir: join(root, p.dir),
      entry: p.entry,
      ...(p.exports ? { exports: p.exports } : {}),
    })),
    aliases: aliases.seam,
    scopes: aliases.scopes,
  });
  const cache = new Map<string, string | null>();
  return {
    problems: aliases.problems,
    configFiles: aliases.configFiles,
    resolve(fromFile, specifier) {
      // A bare specifier means the same in every file of one tsconfig's scope.
      const scope = aliases.scopes.length > 0 ? (scopeOf(aliases.scopes, fromFile)?.dir ?? "") : "";
      const key = specifier.startsWith(".") ? `${dirname(fromFile)}\0${specifier}` : `${scope}\0${specifier}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const found = rules.resolve(fromFile, specifier);
      cache.set(key, found);
      return found;
    },
    guess(fromFile, specifier) {
      const found = this.resolve(fromFile, specifier);
      if (found) return found;
      const base = rules.candidateBases(fromFile, specifier)?.[0];
      return base ? twinOf(base) : null;
    },
  };
}
