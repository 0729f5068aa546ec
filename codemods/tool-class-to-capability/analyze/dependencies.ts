/**
 * Decides where the declarations moved code depends on end up, for one source file: helpers and
 * constants used only by migrated classes move (to the specs file when a spec needs them, else
 * to the module file); ones that staying code also uses stay and are imported from where they
 * live (exported if they were not); imports are re-created in the new files. A spec that needs
 * a staying value would make the specs file import an implementation: when that value is data
 * only (analyze/data-only.ts) it moves, with the constants it needs, into the namespace's shared
 * module, which the specs file, the module file and the source file all import; otherwise the
 * class is refused. The pieces: placement-scope.ts (what the walk works over),
 * placement-decision.ts (what moves, what stays), placement-refusals.ts, placement-assembly.ts.
 */
import type { SourceFile, Statement } from "ts-morph";
import type { ClassParts } from "./build-parts.js";
import { assemblePlacement } from "./placement-assembly.js";
import { decidePlacement } from "./placement-decision.js";
import { selfReferenceRefusals, specRefusals } from "./placement-refusals.js";
import { placementScope } from "./placement-scope.js";
import type { RefusalError } from "./class-refusals.js";
import type { ImportRef } from "./resolve.js";

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

/** A class placement refuses, with why: the caller re-places the file without it. */
export interface PlacementRefusal {
  readonly part: ClassParts;
  readonly error: RefusalError;
}

/**
 * `alsoRemoved`: other statements that go with the classes (a flattened intermediate base).
 * `usedElsewhere(name)`: whether another file names it. An exported declaration a spec needs
 * that no other file names moves with the spec (exported from the specs file) instead of
 * refusing the class; without the predicate every exported declaration stays.
 * `shareable`: when given, a data-only declaration a spec needs that must otherwise stay moves
 * to the shared module instead of refusing the class (SHARED_SPEC_CONSTANT).
 */
export function placeDependencies(
  sf: SourceFile,
  parts: readonly ClassParts[],
  alsoRemoved: readonly Statement[] = [],
  usedElsewhere?: (name: string) => boolean,
  shareable?: Shareable,
  specMayImport: (specifier: string) => boolean = () => true,
): FilePlacement | PlacementRefusal[] {
  const scope = placementScope(sf, parts, alsoRemoved);
  const selfReferences = selfReferenceRefusals(scope);
  if (selfReferences.length) return selfReferences;
  const decision = decidePlacement(scope, usedElsewhere, shareable);
  const refusals = specRefusals(scope, decision, specMayImport);
  if (refusals.length) return refusals;
  return assemblePlacement(scope, decision);
}
