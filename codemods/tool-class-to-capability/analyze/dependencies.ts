/**
 * Decides where the declarations moved code depends on end up, for one source file: helpers and
 * constants used only by migrated classes move (to the specs file when a spec needs them, else
 * to the module file); ones that staying code also uses stay and are imported from where they
 * live (exported if they were not); imports are re-created in the new files. A spec that needs
 * a staying value would make the specs file import an implementation: when that value is data
 * only (analyze/data-only.ts) it moves, with the constants it needs, into the namespace's shared
 * module, which the specs file, the module file and the source file all import; otherwise the
 * class is refused.
 */
import { Node, type Identifier, type SourceFile, type Statement } from "ts-morph";
import type { ClassParts } from "./build-parts.js";
import { dataOnlyClosure } from "./data-only.js";
import { RefusalError } from "./refusals.js";
import { isExported, isTypeOnlyStatement, resolveRef, type ImportRef, type Ref } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { startLineOf } from "../../shared/line-number.js";

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
  /** Data-only declarations for the shared module (text with `export`), in source order. */
  readonly sharedStatements: { names: string[]; text: string }[];
  readonly sharedImports: ImportRef[];
  /** Names the specs file / the module file / the source file's staying code import from the shared module. */
  readonly specFromShared: string[];
  readonly moduleFromShared: string[];
  readonly sourceFromShared: string[];
  /** Moved shared declarations that were exported: the source re-exports these names in their place. */
  readonly reexportShared: Map<Statement, string[]>;
}

/**
 * Whether a declaration may go into the shared module: the names and the exported text it would
 * have there (false when the module already declares one of the names differently).
 */
export type Shareable = (names: readonly string[], text: string) => boolean;

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

/**
 * `alsoRemoved`: other statements that go with the classes (a flattened intermediate base).
 * `usedElsewhere(name)`: whether another file names it. An exported declaration a spec needs
 * that no other file names moves with the spec (exported from the specs file) instead of
 * refusing the class; without the predicate every exported declaration stays.
 * `shareable`: when given, a data-only declaration a spec needs that must otherwise stay moves
 * to the shared module instead of refusing the class (SHARED_SPEC_CONSTANT).
 */
/** A class placement refuses, with why: the caller re-places the file without it. */
export interface PlacementRefusal {
  readonly part: ClassParts;
  readonly error: RefusalError;
}

export function placeDependencies(
  sf: SourceFile,
  parts: readonly ClassParts[],
  alsoRemoved: readonly Statement[] = [],
  usedElsewhere?: (name: string) => boolean,
  shareable?: Shareable,
  specMayImport: (specifier: string) => boolean = () => true,
): FilePlacement | PlacementRefusal[] {
  const migrating = new Set<Statement>([...parts.map((p) => p.analysis.cls), ...alsoRemoved]);
  const memo = new Map<Statement, Refs>();
  const refsOf = (stmt: Statement): Refs => {
    let r = memo.get(stmt);
    if (!r) {
      r = collect(
        referenceIdentifiers(stmt)
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
  const refusals: PlacementRefusal[] = [];
  for (const { p, spec, impl } of perClass) {
    for (const stmt of [...spec.locals.keys(), ...impl.locals.keys()]) {
      if (migrating.has(stmt)) {
        refusals.push({
          part: p,
          error: new RefusalError(
            "self-reference",
            p.analysis.file,
            startLineOf(stmt),
            `${p.analysis.className} refers to class ${declaredNames(stmt).join(", ")}`,
            "replace the class reference with its wire name (toolForCapabilityName) or migrate the classes by hand",
          ),
        });
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
  const releasable = (s: Statement): boolean =>
    !!usedElsewhere && specCandidates.has(s) && Node.isVariableStatement(s) && !declaredNames(s).some(usedElsewhere);
  const stay = new Set<Statement>(
    [...candidates].filter((s) => (isExported(s) && !releasable(s)) || Node.isImportDeclaration(s)),
  );
  for (let changed = true; changed;) {
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
  // Data-only values a spec needs that must stay go to the shared module, with what they need.
  const extract = new Set<Statement>();
  for (const s of shareable ? specReach : []) {
    if (!stay.has(s) || extract.has(s) || isTypeOnlyStatement(s)) continue;
    const group = dataOnlyClosure(s, sf);
    if (group && [...group].every((g) => !migrating.has(g) && shareable?.(declaredNames(g), statementText(g, true))))
      for (const g of group) extract.add(g);
  }
  for (const { p, spec } of perClass) {
    const reach = closure(spec.locals.keys(), moved);
    // A value the spec needs through an import must come from a module a specs file may import.
    const valueImports = [...spec.imports, ...[...reach].filter(moved).flatMap((s) => refsOf(s).imports)].filter(
      (r) => !r.typeOnly,
    );
    const impure = valueImports.find((r) => !specMayImport(r.decl.getModuleSpecifierValue()));
    if (impure) {
      const spec = impure.decl.getModuleSpecifierValue();
      refusals.push({
        part: p,
        error: new RefusalError(
          "spec-imports-implementation",
          p.analysis.file,
          impure.decl.getStartLineNumber(),
          `the spec of ${p.analysis.wireName} needs \`${impure.local}\` from "${spec}", which a specs file may not import (spec files import only types, the allowed packages and spec or schema modules)`,
          `move \`${impure.imported === "*" || impure.imported === "default" ? impure.local : impure.imported}\` into a schema module (one matching seam.specs.schemaFiles, e.g. schemas/*.ts) and import it from there, or write the value into the class's description or schema, then re-run`,
        ),
      });
      continue;
    }
    const bad = [...reach].find((s) => stay.has(s) && !isTypeOnlyStatement(s) && !extract.has(s));
    if (bad) {
      refusals.push({
        part: p,
        error: new RefusalError(
          "shared-spec-constant",
          p.analysis.file,
          startLineOf(bad),
          `the spec of ${p.analysis.wireName} needs \`${declaredNames(bad).join(", ")}\`, which code staying in ${p.analysis.file} also uses (or which is exported)`,
          `move \`${declaredNames(bad).join(", ")}\` into a constants module of its own that imports no implementation, then re-run`,
        ),
      });
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
  const sharedStatements: { names: string[]; text: string }[] = [];
  const sharedImports: ImportRef[] = [];
  const reexportShared = new Map<Statement, string[]>();
  const sharedNames = (ids: readonly Identifier[], self?: Statement): string[] =>
    ids.flatMap((id) => {
      const r = resolveRef(id, sf);
      return r?.kind === "local" && r.stmt !== self && extract.has(r.stmt) ? [r.name] : [];
    });
  const specFromShared = new Set(perClass.flatMap((c) => sharedNames(c.p.specIds)));
  const moduleFromShared = new Set(perClass.flatMap((c) => sharedNames(c.p.implIds)));
  const sourceFromShared = new Set<string>();
  for (const s of sf.getStatements()) {
    if (extract.has(s)) {
      sharedStatements.push({ names: declaredNames(s), text: statementText(s, true) });
      sharedImports.push(...refsOf(s).imports);
      removeStatements.push(s);
      if (isExported(s)) reexportShared.set(s, declaredNames(s));
    } else if (specReach.has(s) && moved(s)) {
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
  // Moved statements that reference staying ones import them from the source file (or from the
  // shared module), and so does the source's own staying code.
  for (const s of extract.size ? sf.getStatements() : []) {
    if (migrating.has(s) || extract.has(s)) continue;
    const names = sharedNames(referenceIdentifiers(s), s);
    if (!removeStatements.includes(s)) for (const n of names) sourceFromShared.add(n);
    else for (const n of names) (specReach.has(s) ? specFromShared : moduleFromShared).add(n);
  }
  for (const s of removeStatements) {
    if (extract.has(s)) continue;
    for (const r of refsOf(s).locals.keys()) {
      if (!stay.has(r) || extract.has(r)) continue;
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
    sharedStatements,
    sharedImports,
    specFromShared: [...specFromShared],
    moduleFromShared: [...moduleFromShared],
    sourceFromShared: [...sourceFromShared],
    reexportShared,
  };
}
