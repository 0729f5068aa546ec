/**
 * Resolves an import specifier to a file of the scanned tree without a tsconfig: relative
 * paths (with NodeNext's `.js` → `.ts` mapping and index files), workspace package names and
 * their subpaths (lib/workspace-aliases.ts; a package's `exports` map first), and the `aliases` of the seam config. Returns
 * absolute paths; `guess` gives the path an unresolved relative import points at, so a
 * missing file on the wrong side is still caught. Consumed by module-graph.ts and the rules.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { exportTargets, type PackageExports } from "../../lib/package-exports.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";

const SOURCE_EXT = [".ts", ".tsx", ".mts", ".cts"];
const JS_TO_TS: Record<string, string[]> = { ".js": [".ts", ".tsx"], ".jsx": [".tsx"], ".mjs": [".mts"], ".cjs": [".cts"] };

export interface Resolver {
  /** Absolute path of the file the specifier loads, or null (external package, missing file). */
  resolve(fromFile: string, specifier: string): string | null;
  /** Absolute path the specifier names even if no such file exists, or null for external packages. */
  guess(fromFile: string, specifier: string): string | null;
}

interface PackageTarget {
  readonly name: string;
  readonly dirAbs: string;
  readonly entry: string;
  readonly exports?: PackageExports;
}

export interface ResolverOptions {
  /** Known files (absolute). Without it the resolver asks the file system. */
  readonly files?: ReadonlySet<string>;
  readonly aliases?: Readonly<Record<string, string>>;
}

export function createResolver(root: string, options: ResolverOptions = {}): Resolver {
  const files = options.files;
  const exists = files ? (p: string) => files.has(p) : (p: string) => SOURCE_EXT.some((e) => p.endsWith(e)) && existsSync(p);
  const packages: PackageTarget[] = listWorkspacePackages(root)
    .map((p) => ({ name: p.name, dirAbs: join(root, p.dir), entry: p.entry, ...(p.exports ? { exports: p.exports } : {}) }))
    .sort((a, b) => b.name.length - a.name.length);
  const aliases = Object.entries(options.aliases ?? {}).map(([from, to]) => ({
    prefix: from.replace(/\*$/, ""),
    wildcard: from.endsWith("*"),
    target: resolve(root, to.replace(/\*$/, "")),
  }));
  const cache = new Map<string, string | null>();

  const probe = (base: string): string | null => {
    if (exists(base)) return base;
    const dot = base.lastIndexOf(".");
    const ext = dot > base.lastIndexOf("/") ? base.slice(dot) : "";
    for (const alt of JS_TO_TS[ext] ?? []) {
      const candidate = base.slice(0, dot) + alt;
      if (exists(candidate)) return candidate;
    }
    for (const e of SOURCE_EXT) if (exists(base + e)) return base + e;
    for (const e of SOURCE_EXT) if (exists(join(base, `index${e}`))) return join(base, `index${e}`);
    return null;
  };

  const targetBase = (fromFile: string, specifier: string): { bases: string[] } | null => {
    if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..") {
      return { bases: [resolve(dirname(fromFile), specifier)] };
    }
    if (specifier.startsWith("/")) return { bases: [specifier] };
    for (const a of aliases) {
      if (a.wildcard ? specifier.startsWith(a.prefix) : specifier === a.prefix) {
        return { bases: [join(a.target, specifier.slice(a.prefix.length))] };
      }
    }
    for (const p of packages) {
      // The package's `exports` map first (subpaths, `*` patterns, conditions; lib/package-exports.ts),
      // then the layouts a package without one is read with.
      const mapped = (subpath: string) => (p.exports ? (exportTargets(p.exports, subpath) ?? []).map((t) => resolve(p.dirAbs, t)) : []);
      if (specifier === p.name) return { bases: [...mapped("."), p.entry, join(p.dirAbs, "src", "index")] };
      if (specifier.startsWith(`${p.name}/`)) {
        const sub = specifier.slice(p.name.length + 1);
        return { bases: [...mapped(`./${sub}`), join(p.dirAbs, sub), join(p.dirAbs, "src", sub)] };
      }
    }
    return null;
  };

  return {
    resolve(fromFile, specifier) {
      const key = specifier.startsWith(".") ? `${dirname(fromFile)}\0${specifier}` : specifier;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const target = targetBase(fromFile, specifier);
      let found: string | null = null;
      for (const base of target?.bases ?? []) {
        found = probe(base);
        if (found) break;
      }
      cache.set(key, found);
      return found;
    },
    guess(fromFile, specifier) {
      const found = this.resolve(fromFile, specifier);
      if (found) return found;
      const base = targetBase(fromFile, specifier)?.bases[0];
      if (!base) return null;
      const dot = base.lastIndexOf(".");
      const ext = dot > base.lastIndexOf("/") ? base.slice(dot) : "";
      const alt = JS_TO_TS[ext]?.[0];
      return alt ? base.slice(0, dot) + alt : base;
    },
  };
}
