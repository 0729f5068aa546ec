/**
 * Class references flowing through tables: a `new Cls()` whose Cls is drawn from a class table
 * (extract/class-tables.ts) instantiates every entry of that table. The table may be declared in
 * the same file or imported (named, renamed, namespace, re-exported, barrels), and may spread
 * other tables. Each entry becomes a construction site at the entry's own line, so the evidence
 * points at the table entry a reviewer would delete.
 */
import type { ClassTableFact } from "../extract/facts.js";
import type { ModuleGraph } from "../resolve/module-graph.js";
import { classId } from "../resolve/resolve-subclasses.js";

export interface TableVia {
  readonly name: string;
  /** Where `new Cls()` runs. */
  readonly newFile: string;
  readonly newLine: number;
  readonly callee: string;
}

export interface TableEntrySite {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly via: TableVia;
}

interface Located {
  readonly file: string;
  readonly table: ClassTableFact;
}

const MAX_DEPTH = 6;

export function createTableResolver(graph: ModuleGraph) {
  const local = (file: string, name: string): Located | null => {
    const t = graph.factsOf(file)?.classTables?.find((x) => x.name === name);
    return t ? { file, table: t } : null;
  };

  const exported = (file: string, name: string, depth: number): Located | null => {
    if (depth > MAX_DEPTH) return null;
    const f = graph.factsOf(file);
    if (!f) return null;
    const le = f.localExports.find((e) => e.exported === name);
    if (le) return inFile(file, le.local, depth + 1);
    for (const r of f.reexports) {
      if (r.exported !== name && !(r.exported === "*" && r.imported === "*")) continue;
      const target = graph.resolveSpecifier(file, r.specifier);
      if (!target) continue;
      const hit = exported(target, r.exported === "*" ? name : r.imported, depth + 1);
      if (hit) return hit;
    }
    return null;
  };

  /** The table a local name denotes in `file` (declared there or imported). */
  const inFile = (file: string, name: string, depth: number): Located | null => {
    const own = local(file, name);
    if (own) return own;
    const imp = graph.factsOf(file)?.imports.find((i) => i.local === name && i.imported !== "*");
    if (!imp) return null;
    const target = graph.resolveSpecifier(file, imp.specifier);
    return target ? exported(target, imp.imported, depth + 1) : null;
  };

  const byPath = (file: string, path: readonly string[]): Located | null => {
    if (path.length === 1) return inFile(file, path[0] as string, 0);
    if (path.length === 2) {
      const ns = graph.resolveLocal(file, path[0] as string);
      if (ns.kind === "namespace") return exported(ns.file, path[1] as string, 0);
    }
    return null;
  };

  const entriesOf = (loc: Located, via: TableVia, out: TableEntrySite[], seen: Set<string>, depth: number): void => {
    const key = `${loc.file}#${loc.table.name}`;
    if (seen.has(key) || depth > MAX_DEPTH) return;
    seen.add(key);
    for (const e of loc.table.entries) {
      const b = graph.resolvePath(loc.file, e.path);
      if (b.kind === "class") out.push({ id: classId(b.file, b.cls), file: loc.file, line: e.line, via });
    }
    for (const sp of loc.table.spreads) {
      const inner = byPath(loc.file, sp);
      if (inner) entriesOf(inner, via, out, seen, depth + 1);
    }
  };

  return {
    /** The table entries a `new <callee>()` at file:line instantiates, drawn from `sources`. */
    instantiated(
      file: string,
      sources: readonly (readonly string[])[],
      callee: string,
      line: number,
    ): TableEntrySite[] {
      const out: TableEntrySite[] = [];
      const seen = new Set<string>();
      for (const src of sources) {
        const loc = byPath(file, src);
        if (loc) entriesOf(loc, { name: loc.table.name, newFile: file, newLine: line, callee }, out, seen, 0);
      }
      return out;
    },
  };
}
