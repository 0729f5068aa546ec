/**
 * Pipeline step 2, flatten: a flattened intermediate needs every subclass converted, so a group
 * with a refused subclass stays whole (its converting subclasses are refused with
 * `indirect-subclass`); the rest are recorded as removed, or as kept when other code (or
 * --keep-shims) still names the intermediate. Also reports the intermediates that must stay.
 */
import type { ClassDeclaration } from "ts-morph";
import { outsideReferences, type FlattenGroup } from "../analyze/flatten.js";
import { RefusalError } from "../analyze/class-refusals.js";
import { refusedUnit, type FileWork, type NamespaceRun } from "./namespace-run.js";

/** Refuse every converting subclass of `g` and mark the group as staying. */
export function dropGroup(run: NamespaceRun, g: FlattenGroup, why: string): void {
  for (const work of run.files.values()) {
    for (const p of work.parts.filter((x) => g.subclasses.includes(x.analysis.record))) {
      run.out.push(
        refusedUnit(
          p.analysis.record,
          new RefusalError(
            "indirect-subclass",
            p.analysis.file,
            p.analysis.record.line,
            `inherits through ${g.name}, which must stay: ${why}`,
            "fix that sibling's refusal, then re-run",
          ),
        ),
      );
      work.parts = work.parts.filter((x) => x !== p);
    }
  }
  run.failedGroups.set(g, why);
}

export function settleFlattening(run: NamespaceRun): void {
  for (const g of run.groups.values()) {
    if (g.problem) continue;
    const bad = run.out.find(
      (u) => u.outcome === "refused" && g.subclasses.some((s) => s.name === u.unit && s.file === u.file),
    );
    if (bad) dropGroup(run, g, `subclass ${bad.unit} was refused (${bad.code ?? "see its refusal"})`);
  }
  const treeFiles = (): [string, string][] =>
    run.tree
      .list()
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => [f, run.tree.readOrThrow(f)]);
  for (const g of run.groups.values()) {
    if (!g.problem && !run.failedGroups.has(g))
      run.removedIntermediates.set(g, run.ctx.keepShims ? ["--keep-shims"] : outsideReferences(g, treeFiles()));
  }
}

/** Intermediates declared in `work`'s file that go with their subclasses. */
export function removedWith(run: NamespaceRun, work: FileWork): ClassDeclaration[] {
  return [...run.removedIntermediates]
    .filter(([g, refs]) => !refs.length && !run.failedGroups.has(g) && g.record?.file === work.file && g.cls)
    .map(([g]) => g.cls as ClassDeclaration);
}

/** One refusal per intermediate of this namespace that cannot be flattened (after placement). */
export function reportStayingIntermediates(run: NamespaceRun): void {
  for (const g of run.groups.values()) {
    if (!g.record || g.record.namespace !== run.ns) continue; // reported with its own namespace
    const subs = g.subclasses.map((s) => s.name).join(", ");
    const failed =
      g.problem ??
      (run.failedGroups.has(g)
        ? new RefusalError(
            "flatten-blocked",
            g.record.file,
            g.record.line,
            `abstract base of ${subs}, flattened only when every subclass converts: ${run.failedGroups.get(g)}`,
            "fix that subclass's refusal, then re-run",
          )
        : null);
    if (failed) run.out.push(refusedUnit(g.record, failed));
  }
}
