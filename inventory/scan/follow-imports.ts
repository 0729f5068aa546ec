/**
 * Imports followed: a parsed file's import of a name that matters (or of a namespace or default it
 * uses in a heritage or a `new`) leads through barrels the fixpoint of select-files.ts never saw
 * (`export *` names nothing); those are parsed as the module graph will walk them.
 */
import type { FileFacts } from "../extract/facts.js";
import type { ModuleGraph } from "../resolve/module-graph.js";
import type { Sources } from "./sources.js";

/**
 * Identifiers of the paths a file hands to the module graph (heritages, mixin arguments, `new`
 * callees) that can resolve to a candidate: the path's last name is one (`core.Tool`, `Base` of
 * `{ Tool as Base }`), or, with default imports in play, any path. `extends Schema.Class` in a
 * file that also extends a Tool need not take the graph to Schema's module.
 */
function demandedLocals(f: FileFacts, names: ReadonlySet<string>, anyPath: boolean): Set<string> {
  const out = new Set<string>();
  const add = (path: readonly string[] | null | undefined) => {
    if (path && path.length > 0 && (anyPath || names.has(path[path.length - 1] as string)))
      for (const s of path) out.add(s);
  };
  for (const c of f.classes) {
    add(c.heritage?.path);
    for (const a of c.heritage?.mixinArgs ?? []) add(a.path);
  }
  for (const b of f.mixinBindings ?? []) for (const a of b.mixinArgs) add(a.path);
  for (const c of f.constructions) {
    add(c.callee);
    for (const t of c.sources ?? []) add(t);
  }
  return out;
}

/**
 * The files the module graph will walk from the parsed ones that are not parsed yet: targets of
 * imports of a name that matters (a candidate, or a local the file's heritages and `new`s use,
 * or one it exports under such a name) and of re-exports under such a name or `export *`; the
 * names asked for are remembered, so a barrel reached later is followed for them too. Only
 * targets the byte gate found hinted can re-export anything; the rest need no facts.
 */
export class Follower {
  private readonly demanded: Set<string>;
  private names: ReadonlySet<string>;
  private anyPath: boolean;
  constructor(
    private readonly graph: ModuleGraph,
    private readonly sources: Sources,
  ) {
    this.names = new Set();
    this.anyPath = false;
    this.demanded = new Set();
  }

  /** The names that matter now (they only grow, round by round). */
  update(names: ReadonlySet<string>, defaultImports: boolean): void {
    this.names = names;
    this.anyPath = defaultImports;
    for (const n of names) this.demanded.add(n);
  }

  /** Files to parse next, given the files just parsed and every file's facts so far. */
  next(parsed: readonly FileFacts[], facts: ReadonlyMap<string, FileFacts>): string[] {
    const out = new Set<string>();
    const want = (from: string, specifier: string) => {
      const target = this.graph.resolveSpecifier(from, specifier);
      if (target !== null && !facts.has(target) && this.sources.gateOf(target)?.hinted === true) out.add(target);
    };
    const localsOf = parsed.map((f) => demandedLocals(f, this.names, this.anyPath));
    for (const locals of localsOf) for (const n of locals) this.demanded.add(n);
    parsed.forEach((f, k) => {
      const locals = localsOf[k] as Set<string>;
      const exported = new Set(
        f.localExports.filter((e) => this.demanded.has(e.exported) || e.exported === "default").map((e) => e.local),
      );
      for (const i of f.imports) {
        // What the graph resolves: a local a path here uses, one passed on under a name that
        // matters, and a renamed import of a candidate (analyze's denotesTool).
        const renamed = i.imported !== i.local && i.imported !== "*" && this.demanded.has(i.imported);
        if (!locals.has(i.local) && !exported.has(i.local) && !renamed) continue;
        if (i.imported !== "*" && i.imported !== "default") this.demanded.add(i.imported);
        want(f.file, i.specifier);
      }
      for (const r of f.reexports) {
        if (r.exported !== "*" && !this.demanded.has(r.exported) && !this.demanded.has(r.imported)) continue;
        if (r.imported !== "*" && r.imported !== "default") this.demanded.add(r.imported);
        want(f.file, r.specifier);
      }
    });
    return [...out];
  }
}
