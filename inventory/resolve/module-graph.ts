/**
 * The module graph over extracted facts: resolves import specifiers by lib/specifier-resolution.ts
 * (the lint's rules too: relative paths with `.js`→`.ts` mapping and index files, the seam
 * config's and the tsconfigs' aliases (lib/import-aliases.ts), workspace
 * package names and their subpaths, the package's `exports` map first, then `src/<sub>` and
 * `<sub>`) over the scanned files, and follows exports through re-exports and barrels (named, renamed, default,
 * `export *`, `export * as ns`) to the class (or mixin-holding variable) a local name finally denotes. No type checker; no
 * file system access.
 */
import { NO_ALIASES, type ImportAliases } from "../../lib/import-aliases.js";
import type { PackageExports } from "../../lib/package-exports.js";
import { createSpecifierResolution, matchAlias, scopeOf } from "../../lib/specifier-resolution.js";
import type { ClassFact, FileFacts, MixinBindingFact } from "../extract/facts.js";

export interface PackageRef {
  readonly name: string;
  /** Root-relative directory, e.g. "packages/agents". */
  readonly dir: string;
  /** Root-relative entry file, when known. */
  readonly entry: string | null;
  /** The manifest's `exports` map (targets relative to `dir`), when it has one. */
  readonly exports?: PackageExports;
}

export type Binding =
  | { readonly kind: "class"; readonly file: string; readonly cls: ClassFact }
  | { readonly kind: "namespace"; readonly file: string }
  /** A variable holding a mixin call's class (`const Retrying = WithRetry(Tool)`). */
  | { readonly kind: "mixin"; readonly file: string; readonly binding: MixinBindingFact }
  /** The import leads outside the scanned facts: an npm package or a file not in scope. */
  | { readonly kind: "unresolved"; readonly specifier: string; readonly name: string; readonly reason: string }
  | { readonly kind: "none" };

const NONE: Binding = { kind: "none" };

/**
 * A file's names, looked up by name: each map holds the first entry the linear search it
 * replaces would find (a file of thousands of classes resolved each heritage in a scan of them all).
 */
interface FileIndex {
  /** Top-level classes by name and by key (a name wins over another class's equal key only when it comes first). */
  readonly topLevel: ReadonlyMap<string, ClassFact>;
  readonly anyByName: ReadonlyMap<string, ClassFact>;
  readonly bindings: ReadonlyMap<string, MixinBindingFact>;
  readonly imports: ReadonlyMap<string, FileFacts["imports"][number]>;
  readonly localExports: ReadonlyMap<string, FileFacts["localExports"][number]>;
}

function firstBy<T>(items: readonly T[], keysOf: (item: T) => readonly (string | null)[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) for (const k of keysOf(item)) if (k !== null && !out.has(k)) out.set(k, item);
  return out;
}

function indexOf(f: FileFacts): FileIndex {
  return {
    topLevel: firstBy(f.classes, (c) => (c.enclosingFunction === null ? [c.name, c.key] : [])),
    anyByName: firstBy(f.classes, (c) => [c.name]),
    bindings: firstBy(f.mixinBindings ?? [], (b) => [b.name]),
    imports: firstBy(f.imports, (i) => [i.local]),
    localExports: firstBy(f.localExports, (e) => [e.exported]),
  };
}

export class ModuleGraph {
  private readonly facts: ReadonlyMap<string, FileFacts>;
  private readonly rules: ReturnType<typeof createSpecifierResolution>;
  private readonly specCache = new Map<string, string | null>();
  private readonly packageNames: readonly string[];
  private readonly indexes = new Map<string, FileIndex>();
  private readonly aliases: ImportAliases;

  constructor(
    facts: ReadonlyMap<string, FileFacts>,
    knownFiles: Iterable<string>,
    packages: readonly PackageRef[],
    aliases: ImportAliases = NO_ALIASES,
  ) {
    this.facts = facts;
    const known = new Set([...knownFiles, ...facts.keys()]);
    this.aliases = aliases;
    this.rules = createSpecifierResolution({
      exists: (p) => known.has(p),
      packages,
      aliases: aliases.seam,
      scopes: aliases.scopes,
    });
    this.packageNames = packages.map((p) => p.name);
  }

  /** Why a specifier led nowhere, worded so it never claims a scanned file is missing. */
  whyUnresolved(specifier: string, fromFile?: string): string {
    if (specifier.startsWith(".") || specifier.startsWith("/")) return "which names no file in the scanned scope";
    const scope = fromFile === undefined ? undefined : scopeOf(this.aliases.scopes, fromFile);
    if (matchAlias(this.aliases.seam, specifier))
      return "which the seam config's aliases map to no file in the scanned scope";
    if (scope && matchAlias(scope.aliases, specifier))
      return `which the paths of ${scope.dir === "" ? "" : `${scope.dir}/`}tsconfig.json map to no file in the scanned scope`;
    const pkg = this.packageNames.find((n) => specifier === n || specifier.startsWith(`${n}/`));
    if (pkg)
      return `which workspace package ${pkg} maps to no file in the scanned scope (its exports and src/ layout were tried)`;
    return "which is not in the scanned tree";
  }

  factsOf(file: string): FileFacts | undefined {
    return this.facts.get(file);
  }

  private indexFor(file: string, f: FileFacts): FileIndex {
    let index = this.indexes.get(file);
    if (index === undefined) this.indexes.set(file, (index = indexOf(f)));
    return index;
  }

  /** Root-relative target file, or null when the specifier leads outside the known files. */
  resolveSpecifier(fromFile: string, specifier: string): string | null {
    const cacheKey = `${fromFile}\0${specifier}`;
    const hit = this.specCache.get(cacheKey);
    if (hit !== undefined) return hit;
    const out = this.rules.resolve(fromFile, specifier);
    this.specCache.set(cacheKey, out);
    return out;
  }

  /** What `name` exported from `file` denotes. */
  resolveExport(file: string, name: string, seen = new Set<string>()): Binding {
    const visitKey = `${file}#${name}`;
    if (seen.has(visitKey)) return NONE;
    seen.add(visitKey);
    const f = this.facts.get(file);
    if (!f) return NONE;
    const local = this.indexFor(file, f).localExports.get(name);
    if (local) return this.resolveLocal(file, local.local, seen);
    for (const r of f.reexports) {
      if (r.exported !== name || (r.imported === "*" && r.exported === "*")) continue;
      const target = this.resolveSpecifier(file, r.specifier);
      if (!target) {
        const known = r.imported === "default" ? r.exported : r.imported;
        return {
          kind: "unresolved",
          specifier: r.specifier,
          name: known,
          reason: `re-exported by ${file}:${r.line} from "${r.specifier}", ${this.whyUnresolved(r.specifier, file)}`,
        };
      }
      return r.imported === "*" ? { kind: "namespace", file: target } : this.resolveExport(target, r.imported, seen);
    }
    if (name === "default") return NONE;
    let unresolvedStar: Binding = NONE;
    for (const r of f.reexports) {
      if (r.imported !== "*" || r.exported !== "*") continue;
      const target = this.resolveSpecifier(file, r.specifier);
      if (!target) {
        unresolvedStar = {
          kind: "unresolved",
          specifier: r.specifier,
          name,
          reason: `maybe re-exported by ${file}:${r.line} via export * from "${r.specifier}", ${this.whyUnresolved(r.specifier, file)}`,
        };
        continue;
      }
      const b = this.resolveExport(target, name, seen);
      if (b.kind !== "none") return b;
    }
    return unresolvedStar;
  }

  /** What the local binding `name` in `file` denotes (a class declared there, or an import). */
  resolveLocal(file: string, name: string, seen = new Set<string>()): Binding {
    const f = this.facts.get(file);
    if (!f) return NONE;
    const index = this.indexFor(file, f);
    const cls = index.topLevel.get(name) ?? index.anyByName.get(name);
    if (cls) return { kind: "class", file, cls };
    const binding = index.bindings.get(name);
    if (binding) return { kind: "mixin", file, binding };
    const imp = index.imports.get(name);
    if (!imp) return NONE;
    const target = this.resolveSpecifier(file, imp.specifier);
    if (!target) {
      // A default import has no exported name to match: it is known by the name it is given here.
      const known = imp.imported === "default" ? imp.local : imp.imported;
      return {
        kind: "unresolved",
        specifier: imp.specifier,
        name: known,
        reason: `${imp.imported === "default" ? "default-" : ""}imported at ${file}:${imp.line} from "${imp.specifier}", ${this.whyUnresolved(imp.specifier, file)}`,
      };
    }
    if (imp.imported === "*") return { kind: "namespace", file: target };
    return this.resolveExport(target, imp.imported, seen);
  }

  /** An identifier path as written in `file` (`Tool`, `core.Tool`, `a.b.Tool`). */
  resolvePath(file: string, path: readonly string[]): Binding {
    const [head, ...rest] = path;
    if (head === undefined) return NONE;
    let b = this.resolveLocal(file, head);
    for (const seg of rest) {
      if (b.kind === "namespace") b = this.resolveExport(b.file, seg);
      else if (b.kind === "unresolved") b = { ...b, name: seg };
      else return NONE;
    }
    return b;
  }
}
