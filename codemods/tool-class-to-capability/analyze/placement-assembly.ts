/**
 * Writes a placement decision out as a FilePlacement (dependencies.ts): each declaration's text
 * goes to the specs file, the module file or the shared module, staying ones are exported where
 * moved code needs them, and every side's imports are listed.
 */
import { Node, type Identifier, type Statement } from "ts-morph";
import type { FilePlacement } from "./dependencies.js";
import type { PlacementDecision } from "./placement-decision.js";
import { closure, declaredNames, statementText, type PlacementScope } from "./placement-scope.js";
import { isExported, isTypeOnlyStatement, resolveRef, type ImportRef } from "./resolve.js";
import { referenceIdentifiers } from "./rewrite-body.js";
import { namesBoundAtTopLevel } from "../../shared/top-level-names.js";

/** The placement as it is filled in, statement by statement. */
interface PlacementDraft {
  /** What the impls reach through moving declarations. */
  readonly moduleSide: ReadonlySet<Statement>;
  readonly specStatements: string[];
  readonly moduleStatements: string[];
  readonly moduleFromSpecs: string[];
  readonly specImports: ImportRef[];
  readonly moduleImports: ImportRef[];
  readonly specFromSource: Set<string>;
  readonly moduleFromSource: Map<string, boolean>;
  readonly exportInSource: Set<Statement>;
  readonly removeStatements: Statement[];
  readonly sharedStatements: { names: string[]; text: string }[];
  readonly sharedImports: ImportRef[];
  readonly reexportShared: Map<Statement, string[]>;
  readonly specFromShared: Set<string>;
  readonly moduleFromShared: Set<string>;
  readonly sourceFromShared: Set<string>;
}

export function assemblePlacement(scope: PlacementScope, d: PlacementDecision): FilePlacement {
  const { perClass } = scope;
  const draft: PlacementDraft = {
    moduleSide: closure(scope, d.implRoots, d.moved),
    specStatements: [],
    moduleStatements: [],
    moduleFromSpecs: [],
    specImports: perClass.flatMap((c) => c.spec.imports),
    moduleImports: perClass.flatMap((c) => c.impl.imports),
    specFromSource: new Set(),
    moduleFromSource: new Map(),
    exportInSource: new Set(),
    removeStatements: [],
    sharedStatements: [],
    sharedImports: [],
    reexportShared: new Map(),
    specFromShared: new Set(perClass.flatMap((c) => sharedNames(scope, d, c.p.specIds))),
    moduleFromShared: new Set(perClass.flatMap((c) => sharedNames(scope, d, c.p.implIds))),
    sourceFromShared: new Set(),
  };
  for (const s of scope.sf.getStatements()) placeStatement(scope, d, draft, s);
  // Moved statements that reference staying ones import them from the source file (or from the
  // shared module), and so does the source's own staying code.
  if (d.extract.size) importFromShared(scope, d, draft);
  importFromSource(scope, d, draft);
  return {
    specStatements: draft.specStatements,
    moduleStatements: draft.moduleStatements,
    specImports: draft.specImports,
    moduleImports: draft.moduleImports,
    moduleFromSpecs: draft.moduleFromSpecs,
    moduleFromSource: [...draft.moduleFromSource].map(([name, typeOnly]) => ({ name, typeOnly })),
    specFromSource: [...draft.specFromSource],
    removeStatements: draft.removeStatements,
    exportInSource: [...draft.exportInSource],
    sharedStatements: draft.sharedStatements,
    sharedImports: draft.sharedImports,
    specFromShared: [...draft.specFromShared],
    moduleFromShared: [...draft.moduleFromShared],
    sourceFromShared: [...draft.sourceFromShared],
    reexportShared: draft.reexportShared,
  };
}

/** The names among `ids` declared by statements going to the shared module (`self` excluded). */
function sharedNames(
  scope: PlacementScope,
  d: PlacementDecision,
  ids: readonly Identifier[],
  self?: Statement,
): string[] {
  return ids.flatMap((id) => {
    const r = resolveRef(id, scope.sf);
    return r?.kind === "local" && r.stmt !== self && d.extract.has(r.stmt) ? [r.name] : [];
  });
}

/** One top-level statement: to the shared module, the specs file or the module file, or stays (exported if needed). */
function placeStatement(scope: PlacementScope, d: PlacementDecision, draft: PlacementDraft, s: Statement): void {
  if (d.extract.has(s)) {
    draft.sharedStatements.push({ names: declaredNames(s), text: statementText(s, true) });
    draft.sharedImports.push(...scope.refsOf(s).imports);
    draft.removeStatements.push(s);
    if (isExported(s)) draft.reexportShared.set(s, declaredNames(s));
  } else if (d.specReach.has(s) && d.moved(s)) {
    const shared = draft.moduleSide.has(s);
    draft.specStatements.push(statementText(s, shared));
    if (shared) draft.moduleFromSpecs.push(...declaredNames(s));
    draft.specImports.push(...scope.refsOf(s).imports);
    draft.removeStatements.push(s);
  } else if (draft.moduleSide.has(s) && d.moved(s)) {
    draft.moduleStatements.push(statementText(s, false));
    draft.moduleImports.push(...scope.refsOf(s).imports);
    draft.removeStatements.push(s);
  } else if (d.stay.has(s) && !Node.isImportDeclaration(s)) {
    const needBySpec = d.specReach.has(s);
    const needByModule = draft.moduleSide.has(s);
    if (!needBySpec && !needByModule) return;
    if (!isExported(s)) draft.exportInSource.add(s);
    for (const name of declaredNames(s)) {
      if (needBySpec) draft.specFromSource.add(name);
      if (needByModule) draft.moduleFromSource.set(name, isTypeOnlyStatement(s));
    }
  }
}

/** Who imports what from the shared module: staying code, and moved code on its side. */
function importFromShared(scope: PlacementScope, d: PlacementDecision, draft: PlacementDraft): void {
  const removed = new Set(draft.removeStatements);
  for (const s of scope.sf.getStatements()) {
    if (scope.migrating.has(s) || d.extract.has(s)) continue;
    const names = sharedNames(scope, d, referenceIdentifiers(s, [], namesBoundAtTopLevel(scope.sf.compilerNode)), s);
    if (!removed.has(s)) for (const n of names) draft.sourceFromShared.add(n);
    else for (const n of names) (d.specReach.has(s) ? draft.specFromShared : draft.moduleFromShared).add(n);
  }
}

/** Moved declarations that use staying ones import them from the source file, which exports them. */
function importFromSource(scope: PlacementScope, d: PlacementDecision, draft: PlacementDraft): void {
  for (const s of draft.removeStatements) {
    if (d.extract.has(s)) continue;
    for (const r of scope.refsOf(s).locals.keys()) {
      if (!d.stay.has(r) || d.extract.has(r)) continue;
      if (!isExported(r)) draft.exportInSource.add(r);
      for (const name of declaredNames(r)) {
        if (d.specReach.has(s)) draft.specFromSource.add(name);
        else draft.moduleFromSource.set(name, isTypeOnlyStatement(r));
      }
    }
  }
}
