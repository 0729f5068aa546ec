/**
 * What placing one file's dependencies works over (dependencies.ts): the statements that
 * migrate, each statement's references (memoized), each class's spec and impl references, and
 * the reachability walk over them.
 */
import { Node, type SourceFile, type Statement } from "ts-morph";
import type { ClassParts } from "./build-parts.js";
import { isExported, resolveRef, type ImportRef, type Ref } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { namesBoundAtTopLevel } from "../../shared/top-level-names.js";

export interface Refs {
  readonly locals: Map<Statement, boolean>; // statement → typeOnly (all uses in type positions)
  readonly imports: ImportRef[];
}

/** One migrating class with what its spec and its impl refer to. */
export interface ClassRefs {
  readonly p: ClassParts;
  readonly spec: Refs;
  readonly impl: Refs;
}

export interface PlacementScope {
  readonly sf: SourceFile;
  /** The classes and the statements that go with them (a flattened intermediate base). */
  readonly migrating: ReadonlySet<Statement>;
  readonly perClass: readonly ClassRefs[];
  /** What a top-level statement refers to, itself excluded. */
  readonly refsOf: (stmt: Statement) => Refs;
}

function collect(refs: readonly (Ref | undefined)[]): Refs {
  const locals = new Map<Statement, boolean>();
  const imports: ImportRef[] = [];
  for (const r of refs) {
    if (!r) continue;
    if (r.kind === "import") imports.push(r);
    else locals.set(r.stmt, (locals.get(r.stmt) ?? true) && r.typeOnly);
  }
  return { locals, imports };
}

export function placementScope(
  sf: SourceFile,
  parts: readonly ClassParts[],
  alsoRemoved: readonly Statement[],
): PlacementScope {
  const migrating = new Set<Statement>([...parts.map((p) => p.analysis.cls), ...alsoRemoved]);
  const memo = new Map<Statement, Refs>();
  const refsOf = (stmt: Statement): Refs => {
    let r = memo.get(stmt);
    if (!r) {
      r = collect(
        referenceIdentifiers(stmt, [], namesBoundAtTopLevel(sf.compilerNode))
          .map((id) => resolveRef(id, sf))
          .filter((x) => !(x?.kind === "local" && x.stmt === stmt)),
      );
      memo.set(stmt, r);
    }
    return r;
  };
  const perClass = parts.map((p) => ({
    p,
    spec: collect(p.specIds.map((id) => resolveRef(id, sf))),
    impl: collect(p.implIds.map((id) => resolveRef(id, sf))),
  }));
  return { sf, migrating, perClass, refsOf };
}

/** The statements reachable from `roots`, walking on only through those `through` admits; migrating ones never. */
export function closure(
  scope: PlacementScope,
  roots: Iterable<Statement>,
  through: (s: Statement) => boolean,
): Set<Statement> {
  const seen = new Set<Statement>();
  const queue = [...roots];
  while (queue.length) {
    const s = queue.pop() as Statement;
    if (seen.has(s) || scope.migrating.has(s)) continue;
    seen.add(s);
    if (through(s)) queue.push(...scope.refsOf(s).locals.keys());
  }
  return seen;
}

export function statementText(stmt: Statement, addExport: boolean): string {
  const full = stmt.getFullText();
  const lead = full.slice(0, stmt.getStart() - stmt.getFullStart()).replace(/^\s*\n/, "");
  return `${lead}${addExport && !isExported(stmt) ? "export " : ""}${stmt.getText()}`;
}

export function declaredNames(stmt: Statement): string[] {
  if (Node.isVariableStatement(stmt)) return stmt.getDeclarations().map((d) => d.getName());
  const name = (stmt as Statement & { getName?: () => string | undefined }).getName?.();
  return name ? [name] : [];
}
