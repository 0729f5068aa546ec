/**
 * Resolves an import specifier to a file of the scanned tree without a tsconfig, by the rules
 * the inventory uses too (lib/specifier-resolution.ts: relative paths with NodeNext's `.js` →
 * `.ts` mapping and index files, workspace package names and subpaths through their `exports`
 * map, then the source layout), plus the `aliases` of the seam config. Returns absolute paths;
 * `guess` gives the path an unresolved relative import points at, so a missing file on the
 * wrong side is still caught. Consumed by import-graph.ts and the rules.
 */
import { existsSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import { createSpecifierResolution, twinOf } from "../../lib/specifier-resolution.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts)$/;

export interface Resolver {
  /** Absolute path of the file the specifier loads, or null (external package, missing file). */
  resolve(fromFile: string, specifier: string): string | null;
  /** Absolute path the specifier names even if no such file exists, or null for external packages. */
  guess(fromFile: string, specifier: string): string | null;
}

export interface ResolverOptions {
  /** Known files (absolute). Without it the resolver asks the file system. */
  readonly files?: ReadonlySet<string>;
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The lint's resolver: lib/specifier-resolution.ts's rules over absolute paths, cached per folder and specifier. */
export function createResolver(root: string, options: ResolverOptions = {}): Resolver {
  const files = options.files;
  const rules = createSpecifierResolution({
    paths: { dirname, join, normalize },
    exists: files ? (p) => files.has(p) : (p) => SOURCE_FILE.test(p) && existsSync(p),
    packages: listWorkspacePackages(root).map((p) => ({
      name: p.name,
      dir: join(root, p.dir),
      entry: p.entry,
      ...(p.exports ? { exports: p.exports } : {}),
    })),
    aliases: Object.entries(options.aliases ?? {}).map(([from, to]) => ({
      prefix: from.replace(/\*$/, ""),
      wildcard: from.endsWith("*"),
      target: resolve(root, to.replace(/\*$/, "")),
    })),
  });
  const cache = new Map<string, string | null>();
  return {
    resolve(fromFile, specifier) {
      const key = specifier.startsWith(".") ? `${dirname(fromFile)}\0${specifier}` : specifier;
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
