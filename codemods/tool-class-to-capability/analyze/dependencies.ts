/**
 * Decides where the declarations moved code depends on end up, for one source file: helpers and
 * constants used only by migrated classes move (to the specs file when a spec needs them, else
 * to the module file); ones that staying code also uses stay and are imported from where they
 * live (exported if they were not); imports are re-created in the new files. A spec that needs
 * a staying value would make the specs file import an implementation: that class is refused.
 */
import { Node, type SourceFile, type Statement } from "ts-morph";
import type { ClassParts } from "./build-parts.js";
import { RefusalError } from "./refusals.js";
import { isExported, isTypeOnlyStatement, resolveRef, type ImportRef, type Ref } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";

export interface FilePlacement {
  /** Declarations moved into the specs file (text, `export` added where the module needs them). */
  readonly specStatements: string[];
  readonly moduleStatements: string[];
  readonly specImports: ImportRef[];
  readonly moduleImports: ImportRef[];
  /** Names the module imports from the specs file (moved declarations both sides use). */
  readonly moduleFromSpecs: string[];
  /** Staying declarations to import from the source file: into the module / into specs (types only). */
  readonly moduleFromSource: { name: string; typeOnly: boolean }[];
  readonly specFromSource: string[];
  readonly removeStatements: Statement[];
  readonly exportInSource: Statement[];
}

interface Refs {
  readonly locals: Map<Statement, boolean>; // statement → typeOnly (all uses in type positions)
  readonly imports: ImportRef[];
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

function statementText(stmt: Statement, addExport: boolean): string {
  const full = stmt.getFullText();
  const lead = full.slice(0, stmt.getStart() - stmt.getFullStart()).replace(/^\s*\n/, "");
  return `${lead}${addExport && !isExported(stmt) ? "export " : ""}${stmt.getText()}`;
}

function declaredNames(stmt: Statement): string[] {
  if (Node.isVariableStatement(stmt)) return stmt.getDeclarations().map((d) => d.getName());
  const name = (stmt as Statement & { getName?: () => string | undefined }).getName?.();
  return name ? [name] : [];
}

/**
 * `alsoRemoved`: other statements that go with the classes (a flattened intermediate base).
 * `usedElsewhere(name)`: whether another file names it. An exported declaration a spec needs
 * that no other file names moves with the spec (exported from the specs file) instead of
 * refusing the class; without the predicate every exported declaration stays.
 */
export function placeDependencies(sf: SourceFile, parts: readonly ClassParts[], alsoRemoved: readonly Statement[] = [], usedElsewhere?: (name: string) => boolean): FilePlacement | RefusalError[] {
  const migrating = new Set<Statement>([...parts.map((p) => p.analysis.cls), ...alsoRemoved]);
  const memo = new Map<Statement, Refs>();
  const refsOf = (stmt: Statement): Refs => {
    let r = memo.get(stmt);
    if (!r) {
      r = collect(referenceIdentifiers(stmt).map((id) => resolveRef(id, sf)).filter((x) => !(x?.kind === "local" && x.stmt === stmt)));
      memo.set(stmt, r);
    }
    return r;
  };
  const perClass = parts.map((p) => ({ p, spec: collect(p.specIds.map((id) => resolveRef(id, sf))), impl: collect(p.implIds.map((id) => resolveRef(id, sf))) }));
  const refusals: RefusalError[] = [];
  for (const { p, spec, impl } of perClass) {
    for (const stmt of [...spec.locals.keys(), ...impl.locals.keys()]) {
      if (migrating.has(stmt)) {
        refusals.push(new RefusalError("SELF_REFERENCE", p.analysis.file, stmt.getStartLineNumber(), `${p.analysis.className} refers to class ${declaredNames(stmt).join(", ")}`, "replace the class reference with its wire name (toolForCapabilityName) or migrate the classes by hand"));
        break;
      }
    }
  }
  if (refusals.length) return refusals;

  const closure = (roots: Iterable<Statement>, through: (s: Statement) => boolean): Set<Statement> => {
    const seen = new Set<Statement>();
    const queue = [...roots];
    while (queue.length) {
      const s = queue.pop() as Statement;
      if (seen.has(s) || migrating.has(s)) continue;
      seen.add(s);
      if (through(s)) queue.push(...refsOf(s).locals.keys());
    }
    return seen;
  };
  const specRoots = perClass.flatMap((c) => [...c.spec.locals.keys()]);
  const implRoots = perClass.flatMap((c) => [...c.impl.locals.keys()]);
  const candidates = closure([...specRoots, ...implRoots], () => true);
  const specCandidates = closure(specRoots, () => true);
  const releasable = (s: Statement): boolean => !!usedElsewhere && specCandidates.has(s) && Node.isVariableStatement(s) && !declaredNames(s).some(usedElsewhere);
  const stay = new Set<Statement>([...candidates].filter((s) => (isExported(s) && !releasable(s)) || Node.isImportDeclaration(s)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of sf.getStatements()) {
      if (migrating.has(t) || (candidates.has(t) && !stay.has(t))) continue;
      for (const r of refsOf(t).locals.keys()) {
        if (candidates.has(r) && !stay.has(r)) {
          stay.add(r);
          changed = true;
        }
      }
    }
  }
  const moved = (s: Statement): boolean => candidates.has(s) && !stay.has(s);
  const specReach = closure(specRoots, moved);
  for (const { p, spec } of perClass) {
    const reach = closure(spec.locals.keys(), moved);
    const bad = [...reach].find((s) => stay.has(s) && !isTypeOnlyStatement(s));
    if (bad) {
      refusals.push(new RefusalError("SHARED_SPEC_CONSTANT", p.analysis.file, bad.getStartLineNumber(), `the spec of ${p.analysis.wireName} needs \`${declaredNames(bad).join(", ")}\`, which code staying in ${p.analysis.file} also uses (or which is exported)`, `move \`${declaredNames(bad).join(", ")}\` into a constants module of its own that imports no implementation, then re-run`));
    }
  }
  if (refusals.length) return refusals;

  const moduleSide = closure(implRoots, moved);
  const specStatements: string[] = [];
  const moduleStatements: string[] = [];
  const moduleFromSpecs: string[] = [];
  const specImports: ImportRef[] = perClass.flatMap((c) => c.spec.imports);
  const moduleImports: ImportRef[] = perClass.flatMap((c) => c.impl.imports);
  const specFromSource = new Set<string>();
  const moduleFromSource = new Map<string, boolean>();
  const exportInSource = new Set<Statement>();
  const removeStatements: Statement[] = [];
  for (const s of sf.getStatements()) {
    if (specReach.has(s) && moved(s)) {
      const shared = moduleSide.has(s);
      specStatements.push(statementText(s, shared));
      if (shared) moduleFromSpecs.push(...declaredNames(s));
      specImports.push(...refsOf(s).imports);
      removeStatements.push(s);
    } else if (moduleSide.has(s) && moved(s)) {
      moduleStatements.push(statementText(s, false));
      moduleImports.push(...refsOf(s).imports);
      removeStatements.push(s);
    } else if (stay.has(s) && !Node.isImportDeclaration(s)) {
      const needBySpec = specReach.has(s);
      const needByModule = moduleSide.has(s);
      if (!needBySpec && !needByModule) continue;
      if (!isExported(s)) exportInSource.add(s);
      for (const name of declaredNames(s)) {
        if (needBySpec) specFromSource.add(name);
        if (needByModule) moduleFromSource.set(name, isTypeOnlyStatement(s));
      }
    }
  }
  // Moved statements that reference staying ones import them from the source file.
  for (const s of removeStatements) {
    for (const r of refsOf(s).locals.keys()) {
      if (!stay.has(r)) continue;
      if (!isExported(r)) exportInSource.add(r);
      for (const name of declaredNames(r)) {
        if (specReach.has(s)) specFromSource.add(name);
        else moduleFromSource.set(name, isTypeOnlyStatement(r));
      }
    }
  }
  return {
    specStatements,
    moduleStatements,
    specImports,
    moduleImports,
    moduleFromSpecs,
    moduleFromSource: [...moduleFromSource].map(([name, typeOnly]) => ({ name, typeOnly })),
    specFromSource: [...specFromSource],
    removeStatements,
    exportInSource: [...exportInSource],
  };
}
