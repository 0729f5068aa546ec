/**
 * One namespace, start to finish, against the VirtualTree, as a pipeline (one step per file in
 * pipeline/): select and refuse each capability-kind class of the namespace → settle the
 * flattening of abstract intermediates → place the dependencies of what converts → emit the
 * generated files (specs, module, registry entry, run types, category snapshot) → rewrite the
 * source files and barrels. Returns one UnitResult per class considered.
 */
import type { Project } from "ts-morph";
import type { CodemodContext } from "../codemod.js";
import type { UnitResult, VirtualTree } from "../plan.js";
import { forgetParsed } from "./emit/morph.js";
import { emitGenerated } from "./pipeline/emit.js";
import { reportStayingIntermediates, settleFlattening } from "./pipeline/flatten.js";
import { convertedParts, createNamespaceRun } from "./pipeline/namespace-run.js";
import { placeNamespace } from "./pipeline/place.js";
import { rewriteSources } from "./pipeline/rewrite-sources.js";
import { selectClasses } from "./pipeline/select-classes.js";

export { CODEMOD_NAME } from "./pipeline/namespace-run.js";

export function migrateNamespace(project: Project, tree: VirtualTree, ctx: CodemodContext, ns: string): UnitResult[] {
  const run = createNamespaceRun(project, tree, ctx, ns);
  selectClasses(run);
  settleFlattening(run);
  placeNamespace(run);
  reportStayingIntermediates(run);
  const converted = convertedParts(run);
  if (!converted.length) return run.out;
  emitGenerated(run, converted);
  forgetParsed(project);
  rewriteSources(run, converted);
  forgetParsed(project);
  return run.out;
}
