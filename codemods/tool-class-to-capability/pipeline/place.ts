/**
 * Pipeline step 3, place: decides per source file where the declarations the converting classes
 * need end up (analyze/dependencies.ts). Placement can refuse a class (its spec needs a value
 * that must stay and is not data only, a value imported from a module a specs file may not
 * import, or it names a removed class); the file is then placed
 * again without it, and a flattening group losing a subclass stays whole.
 */
import { posix } from "node:path";
import { DEFAULT_SEAM_CONFIG } from "../../../lib/config/seam-section.js";
import { isSchemaFile } from "../../../lib/config/seam-sides.js";
import type { VirtualTree } from "../../plan.js";
import { shareablePredicate } from "../emit/shared-file.js";
import { placeDependencies } from "../analyze/dependencies.js";
import { usedOutside } from "../migrate-helpers.js";
import { dropGroup, removedWith } from "./flatten.js";
import { refusedUnit, type NamespaceRun } from "./namespace-run.js";

/**
 * Whether `<ns>.specs.ts` may import a value from `specifier` (written in `file`) under the seam
 * config's spec-file purity: an allowed package (zod), or a spec or schema module of the tree.
 * A relative specifier that resolves to no file is judged by the path it names, as the lint does.
 */
export function specImportAllowed(run: NamespaceRun, file: string): (specifier: string) => boolean {
  const seam = run.ctx.seam ?? DEFAULT_SEAM_CONFIG;
  return (specifier) => {
    if (!specifier.startsWith(".")) {
      const parts = specifier.split("/");
      const pkg = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
      return seam.specs.allowedPackages.includes(pkg) || seam.specs.allowedPackages.includes(specifier);
    }
    const target = resolveInTree(run.tree, posix.normalize(posix.join(posix.dirname(file), specifier)));
    return isSchemaFile(seam, target);
  };
}

function resolveInTree(tree: VirtualTree, base: string): string {
  const stem = base.replace(/\.(m|c)?jsx?$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((c) => tree.exists(c)) ?? `${stem}.ts`;
}

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
        specImportAllowed(run, work.file),
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
