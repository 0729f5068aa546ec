/**
 * Pipeline step 1, select and refuse: for each capability-kind class of the namespace, refuse
 * what the inventory or the class shape rules out (a RefusalError with code, file:line and fix),
 * and analyse the rest into ClassParts on their file's work item. Abstract intermediates are
 * planned here (analyze/flatten.ts) and never converted themselves.
 */
import type { ClassRecord } from "../../../inventory/types.js";
import { analyzeClass, type ClassAnalysis } from "../analyze/analyze-class.js";
import { blockingBlockers } from "../../shared/blocking.js";
import { buildParts } from "../analyze/build-parts.js";
import { planFlattening } from "../analyze/flatten.js";
import { RefusalError } from "../analyze/class-refusals.js";
import { importTarget } from "../migrate-helpers.js";
import { groupOf, refusedUnit, unitResult, type FileWork, type NamespaceRun } from "./namespace-run.js";
import { startLineOf } from "../../shared/line-number.js";
import { classNamed } from "../../shared/class-lookup.js";

function inventoryRefusal(rec: ClassRecord, flattening: boolean): RefusalError | null {
  const blocking = blockingBlockers(rec, flattening);
  const b = blocking[0];
  if (!b) return null;
  const detail = blocking.map((x) => `${x.code}: ${x.message}`).join("; ");
  return new RefusalError(
    b.code as RefusalError["code"],
    b.file,
    b.line,
    `recorded by the inventory — ${detail}`,
    "resolve the blocker the inventory names, then re-run",
  );
}

/**
 * A run field this class creates that an earlier class (or run-types.ts) typed otherwise: its
 * impl would read the other class's type. Configured fields are shared as before (their types
 * are the host's; spellings differ between classes, e.g. an alias).
 */
function fieldTypeConflict(run: NamespaceRun, a: ClassAnalysis): RefusalError | null {
  for (const [param, field] of a.paramFields) {
    if (!a.createdFields.some((f) => f.field === field)) continue;
    const mine = a.depTypes.get(field)?.typeText;
    const mineKey = a.depTypes.get(field)?.typeKey;
    const theirs = run.fieldTypes.get(field);
    if (!mine || !mineKey || !theirs || theirs.key === mineKey) continue;
    return new RefusalError(
      "run-field-conflict",
      a.file,
      startLineOf(a.cls),
      `constructor parameter \`${param}: ${mine}\` becomes run field "${field}", which ${theirs.by} types as \`${theirs.type}\``,
      `rename the parameter so it gets a run field of its own (or map it to another field in codemods.runFields), then re-run`,
    );
  }
  return null;
}

function claimFieldTypes(run: NamespaceRun, a: ClassAnalysis): void {
  for (const [field, t] of a.depTypes)
    if (t.typeText && t.typeKey && !run.fieldTypes.has(field))
      run.fieldTypes.set(field, { type: t.typeText, key: t.typeKey, by: `${a.className} (${a.file})` });
}

/**
 * Refuses an analysed class whose run-field types or wire name clash with an earlier class;
 * otherwise records its field types, field choices, wire name and (first time) the Tool module.
 */
function claimAnalysis(run: NamespaceRun, rec: ClassRecord, work: FileWork, analysis: ClassAnalysis): void {
  const conflict = fieldTypeConflict(run, analysis);
  if (conflict) throw conflict;
  const seenAt = run.wireTaken.get(analysis.wireName);
  if (seenAt !== undefined) {
    throw new RefusalError(
      "duplicate-wire-name",
      rec.file,
      rec.line,
      `"${analysis.wireName}" is already declared in ${seenAt}`,
      "rename one of them or delete the stale spec",
    );
  }
  claimFieldTypes(run, analysis);
  run.ctx.runFieldChoices?.set(`${rec.file}#${analysis.className}`, analysis.paramFields);
  run.wireTaken.set(analysis.wireName, rec.file);
  // Looked up until found: a scan of the file's statements for every class was quadratic.
  if (!run.toolSettled) settleToolModule(run, rec, work, analysis.baseName);
}

/**
 * The registry's base: codemods.toolModule when configured (a root-relative file), else the
 * module the class imports its base from. A bare specifier is resolved, never joined as if
 * relative: kept as written where it loads the same file from the registry (a workspace package,
 * an npm package like `@langchain/core/tools`, an alias its tsconfig covers), else imported
 * through the file it loads (import-spellings.ts).
 */
function settleToolModule(run: NamespaceRun, rec: ClassRecord, work: FileWork, baseName: string): void {
  const configured = run.ctx.toolModule;
  if (configured) {
    // The class may name the base through a renaming barrel (AgentTool): the configured file declares it as the inventory's base.
    const text = run.tree.read(configured) ?? "";
    const declares = new RegExp(`\\b(?:class|as)\\s+${baseName.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
    run.toolModule = configured;
    run.baseName = declares ? baseName : rec.base;
    run.toolSettled = true;
    return;
  }
  const imp = work.sf
    .getImportDeclarations()
    .find((d) => d.getNamedImports().some((s) => (s.getAliasNode()?.getText() ?? s.getName()) === baseName));
  if (!imp) return;
  const specifier = imp.getModuleSpecifierValue();
  if (specifier.startsWith(".")) run.toolModule = importTarget(rec.file, specifier);
  else {
    const file = run.spellings.resolve(rec.file, specifier);
    const written = run.spellings.rebase(specifier, rec.file, run.paths.registry);
    run.toolModule = file ?? specifier;
    run.toolImport = file === null || written === specifier ? specifier : null;
  }
  run.baseName = baseName;
  run.toolSettled = true;
}

function selectOne(run: NamespaceRun, rec: ClassRecord): void {
  const group = groupOf(run, rec);
  const blocker = inventoryRefusal(rec, group !== undefined);
  if (group && !blocker && group.problem) {
    const p = group.problem;
    run.out.push(
      refusedUnit(
        rec,
        new RefusalError(
          "indirect-subclass",
          rec.file,
          rec.line,
          `inherits through ${group.name}, which cannot be flattened (${p.code} at ${p.file}:${p.line}: ${p.detail})`,
          p.unblock,
        ),
      ),
    );
    return;
  }
  if (blocker) {
    run.out.push({ ...refusedUnit(rec, blocker), line: rec.line });
    return;
  }
  if (rec.name === null) {
    run.out.push(
      refusedUnit(
        rec,
        new RefusalError(
          "class-expression",
          rec.file,
          rec.line,
          "anonymous class expression",
          "declare it as a named top-level class",
        ),
      ),
    );
    return;
  }
  const work = run.workFor(rec.file);
  if (!work) {
    run.out.push(
      unitResult(rec, "skipped", {
        code: "already-migrated",
        reason: `${rec.file} does not exist (already migrated?)`,
      }),
    );
    return;
  }
  const cls = classNamed(work.sf, rec.name);
  if (!cls) {
    run.out.push(
      unitResult(rec, "skipped", {
        code: "already-migrated",
        reason: `class ${rec.name} is not in ${rec.file} any more (already migrated?)`,
      }),
    );
    return;
  }
  try {
    const analysis = analyzeClass(
      cls,
      rec,
      rec.file,
      run.ctx.runFields,
      group?.cls ?? null,
      (field) => run.fieldTypes.get(field)?.key,
    );
    claimAnalysis(run, rec, work, analysis);
    work.parts.push(buildParts(analysis, run.allocate, group?.shared));
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    run.out.push(refusedUnit(rec, error));
  }
}

export function selectClasses(run: NamespaceRun): void {
  const all = run.ctx.inventory.classes;
  // Abstract intermediates (HttpTool extends Tool; HttpGetTool extends HttpTool) are flattened.
  run.groups = planFlattening(all, run.ns, (f) => run.workFor(f)?.sf, run.allocate);
  const intermediates = new Set([...run.groups.values()].map((g) => g.record));
  for (const rec of all.filter((c) => c.kind === "capability" && c.namespace === run.ns)) {
    if (!intermediates.has(rec)) selectOne(run, rec);
  }
}
