/**
 * Pipeline step 5, rewrite sources and barrels: removes the converted classes (and flattened
 * intermediates, and the declarations that moved) from their files — or, under --keep-shims,
 * replaces them with shims — deletes emptied files, re-exports moved shared constants where they
 * were declared, updates barrels, and reports each class's outcome.
 */
import type { Statement } from "ts-morph";
import type { ClassParts } from "../analyze/build-parts.js";
import { updateBarrels } from "../emit/barrels.js";
import type { EmptiedBarrel } from "../emit/emptied-barrels.js";
import { noteOnFirstChanged } from "../../plan.js";
import type { ImportNeed } from "../../shared/imports.js";
import { specifierAsWritten } from "../../shared/paths.js";
import { mergeImports } from "../emit/imports.js";
import { parseText } from "../emit/morph.js";
import { rewriteSource } from "../emit/rewrite-source.js";
import { addIntermediateHasInstance, shimText } from "../emit/shims.js";
import { removedWith } from "./flatten.js";
import { allowReverseImport, EXCEPTION_REASONS, seamWhere, withSeamOutcome } from "../../seam-exceptions.js";
import { CODEMOD_NAME, unitResult, type FileWork, type NamespaceRun } from "./namespace-run.js";

/** The file's text after the move, or null when nothing is left in it. */
function rewriteFile(run: NamespaceRun, work: FileWork): string | null {
  const { project, ctx, paths } = run;
  const placement = work.placement;
  if (!placement) throw new Error(`rewriteFile: ${work.file} has no placement`);
  const sharedSpecifier = specifierAsWritten(work.file, paths.shared);
  // Exported shared constants stay importable from here: a re-export where they were declared.
  const replace = new Map<Statement, string>(
    [...placement.reexportShared].map(([s, names]) => [
      s,
      `export { ${names.join(", ")} } from ${JSON.stringify(sharedSpecifier)};`,
    ]),
  );
  if (ctx.keepShims) for (const p of work.parts) replace.set(p.analysis.cls, shimText(p.analysis, run.ns));
  const rewritten = rewriteSource(project, work.sf, {
    remove: [...work.parts.map((p) => p.analysis.cls), ...removedWith(run, work), ...placement.removeStatements],
    exportAdd: placement.exportInSource,
    replace,
  });
  const fromShared = placement.sourceFromShared.map((name): ImportNeed => ({
    specifier: sharedSpecifier,
    imported: name,
    local: name,
    typeOnly: false,
  }));
  const next =
    rewritten !== null && fromShared.length
      ? mergeImports(parseText(project, `.capkit-scratch/${work.file}`, rewritten), fromShared)
      : rewritten;
  if (next === null || !ctx.keepShims) return next;
  const sf = parseText(project, `.capkit-scratch/${work.file}`, next);
  const registry = specifierAsWritten(work.file, paths.registry);
  return mergeImports(sf, [
    { specifier: registry, imported: "registry", local: "capabilityRegistry", typeOnly: false },
    { specifier: registry, imported: "toolForCapabilityName", local: "toolForCapabilityName", typeOnly: false },
    { specifier: ctx.runtimeImport, imported: "createCapabilityRun", local: "createCapabilityRun", typeOnly: false },
  ]);
}

function reportIntermediates(run: NamespaceRun, converted: readonly ClassParts[]): void {
  for (const [g, refs] of run.removedIntermediates) {
    if (!g.record || g.record.namespace !== run.ns || run.failedGroups.has(g)) continue;
    const mine = converted.filter((p) => g.subclasses.includes(p.analysis.record)).map((p) => p.analysis.wireName);
    const wires = mine.join(", ");
    if (run.ctx.keepShims) {
      addIntermediateHasInstance(run.project, run.tree, g.record.file, g.name, mine);
      run.out.push(
        unitResult(g.record, "skipped", {
          code: "intermediate-kept",
          reason: `abstract base flattened into ${wires}; kept under --keep-shims (the shims no longer extend it; instanceof it still holds for their tools) — delete it once nothing uses it`,
        }),
      );
    } else if (refs.length) {
      run.out.push(
        unitResult(g.record, "skipped", {
          code: "intermediate-kept",
          reason: `abstract base flattened into ${wires}; kept because ${refs.join(", ")} still ${refs.length > 1 ? "reference" : "references"} it — delete it once nothing does`,
        }),
      );
    } else
      run.out.push(
        unitResult(g.record, "changed", {
          warnings: [`${g.name} (abstract base) was flattened into ${wires} and removed`],
        }),
      );
  }
}

export function rewriteSources(run: NamespaceRun, converted: readonly ClassParts[]): void {
  const removedNames = new Map<string, Set<string>>();
  const deleted = new Set<string>();
  for (const work of run.files.values()) {
    if (!work.parts.length || !work.placement) continue;
    const next = rewriteFile(run, work);
    if (next === null) {
      run.tree.delete(work.file);
      deleted.add(work.file);
    } else {
      run.tree.write(work.file, next);
      if (!run.ctx.keepShims)
        removedNames.set(
          work.file,
          new Set([
            ...work.parts.map((p) => p.analysis.className),
            ...removedWith(run, work).map((c) => c.getName() ?? ""),
          ]),
        );
    }
    const units = work.parts.map((p) => {
      const created = p.analysis.createdFields;
      return unitResult(p.analysis.record, "changed", {
        wireName: p.analysis.wireName,
        ...(p.warnings.length ? { warnings: p.warnings } : {}),
        ...(created.length ? { runFields: created } : {}),
      });
    });
    // A shim's file now imports the registry: the seam needs an exception for it.
    const seam =
      run.ctx.keepShims && next !== null
        ? allowReverseImport(
            run.tree,
            seamWhere(run.ctx),
            CODEMOD_NAME,
            work.file,
            run.paths.registry,
            EXCEPTION_REASONS.shim,
          )
        : null;
    run.out.push(...withSeamOutcome(units, seam));
  }
  reportIntermediates(run, converted);
  if (!run.ctx.keepShims)
    noteBarrels(run, updateBarrels(run.project, run.tree, removedNames, deleted, run.paths.dir).emptied);
}

/** What became of emptied barrels goes on the namespace's first converted unit (the report shows it). */
function noteBarrels(run: NamespaceRun, emptied: readonly EmptiedBarrel[]): void {
  const notes = emptied.map((e) =>
    e.kept
      ? `barrel ${e.path} has nothing left to export and stays (as export {}) because ${e.importers.join(", ")} still import${e.importers.length > 1 ? "" : "s"} it: delete it with them`
      : `barrel ${e.path} had nothing left to export and was deleted: nothing imported it but the re-exports removed with it`,
  );
  noteOnFirstChanged(run.out, notes);
}
