/**
 * Pipeline step 3, place: decides per source file where the declarations the converting classes
 * need end up (analyze/dependencies.ts). Placement can refuse a class (its spec needs a value
 * that must stay and is not data only, or it names a removed class); the file is then placed
 * again without it, and a flattening group losing a subclass stays whole.
 */
import { shareablePredicate } from "../emit/shared-file.js";
import { placeDependencies } from "../analyze/dependencies.js";
import { usedOutside } from "../migrate-helpers.js";
import { dropGroup, removedWith } from "./flatten.js";
import { refusedUnit, type NamespaceRun } from "./namespace-run.js";

export function placeNamespace(run: NamespaceRun): void {
  const { paths, tree } = run;
  const shareable = paths.sharedTarget
    ? shareablePredicate(run.project, tree, paths.sharedTarget, [paths.specs, paths.module])
    : undefined;
  for (const work of run.files.values()) {
    while (work.parts.length) {
      const placed = placeDependencies(
        work.sf,
        work.parts,
        removedWith(run, work),
        usedOutside(tree, work.file),
        shareable,
      );
      if (!Array.isArray(placed)) {
        work.placement = placed;
        for (const st of placed.sharedStatements) shareable?.record(st.names, st.text);
        break;
      }
      for (const { part, error } of placed) {
        run.out.push(refusedUnit(part.analysis.record, error));
        work.parts = work.parts.filter((x) => x !== part);
        const g = [...run.groups.values()].find((x) => x.subclasses.includes(part.analysis.record));
        if (g && !run.failedGroups.has(g))
          dropGroup(run, g, `subclass ${part.analysis.className} was refused (${error.code})`);
      }
    }
  }
}
