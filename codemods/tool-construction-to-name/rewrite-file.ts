/**
 * Rewrites the references to converted classes in one file by splicing text: constructions,
 * `instanceof` tests and constructor tables, then the imports (the class import goes when
 * nothing refers to it any more; the registry and runtime imports are added or merged). Returns
 * the new text (null when nothing changed) and one UnitResult per reference.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { UnitResult } from "../plan.js";
import type { ConvertedClass } from "./converted.js";
import { findReferences, type ClassReference } from "./references.js";
import { rewriteInstanceof, rewriteNew, type Rewrite, type RuntimeNames } from "./rewrite-calls.js";
import { planTable, tableOf, type TableSite } from "./tables.js";
import { ImportPlan } from "../shared/import-plan.js";
import { applyEdits, EditSet } from "../shared/splice.js";
import type { UnitCode } from "../unit-codes.js";

export const CODEMOD_NAME = "tool-construction-to-name";

export interface FileJob {
  readonly ts: TypeScriptApi;
  readonly sf: TS.SourceFile;
  readonly file: string;
  readonly classes: readonly ConvertedClass[];
  readonly runFields: Readonly<Record<string, string>>;
  /** Module specifiers for this file. */
  readonly registrySpecifier: string;
  readonly registryExport: string;
  readonly runtimeSpecifier: string;
  /** Another file that imports an exported table by this name, or null. */
  readonly usedElsewhere: (name: string) => string | null;
  /** A barrel that re-exports a table by this name, or null (its values change shape: a note). */
  readonly reexportedBy: (name: string) => string | null;
  /** Added to the warnings of every changed unit when the file gained a registry import (seam warnings, notes). */
  readonly importNotes: readonly string[];
}

export interface FileOutcome {
  readonly text: string | null;
  readonly results: UnitResult[];
  /** Names newly imported from the registry specifier. */
  readonly registryImports: readonly string[];
}

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length <= 80 ? oneLine : `${oneLine.slice(0, 77)}...`;
}

/** What the passes over one file share: the job, the import plan, the text edits and the results so far. */
interface FileRewrite {
  readonly job: FileJob;
  readonly plan: ImportPlan;
  readonly edits: EditSet;
  readonly results: UnitResult[];
  /** References left in place: their class import stays. */
  readonly kept: Set<ClassReference>;
  readonly names: RuntimeNames;
  /** Constructor tables found among the references, rewritten together after the rest. */
  readonly tables: Map<TS.VariableDeclaration, { site: TableSite; refs: ClassReference[] }>;
}

export function rewriteFile(job: FileJob): FileOutcome {
  const { ts, sf, file } = job;
  const { refs, imports } = findReferences(ts, sf, file, job.classes);
  const plan = new ImportPlan(ts, sf);
  const state: FileRewrite = {
    job,
    plan,
    edits: new EditSet(sf.text),
    results: [],
    kept: new Set(),
    names: runtimeNames(job, plan),
    tables: new Map(),
  };
  // Innermost first, so an outer rewrite reads its arguments with the inner rewrites applied.
  const ordered = [...refs].sort(
    (a, b) => a.node.parent.end - a.node.parent.getStart(sf) - (b.node.parent.end - b.node.parent.getStart(sf)),
  );
  for (const ref of ordered) rewriteReference(state, ref);
  for (const { site, refs: tableRefs } of state.tables.values()) rewriteTable(state, site, tableRefs);
  for (const [local, imp] of imports) {
    const stillUsed = [...state.kept].some((r) => r.via?.local === local);
    if (!stillUsed) plan.remove(imp.element);
  }
  return finish(state);
}

/** The registry and runtime names a rewrite needs, imported on first use. */
function runtimeNames(job: FileJob, plan: ImportPlan): RuntimeNames {
  return {
    toolForCapabilityName: () => plan.need(job.registrySpecifier, "toolForCapabilityName"),
    runBindings: () => ({
      registry: plan.need(job.registrySpecifier, job.registryExport, "capabilityRegistry"),
      createCapabilityRun: plan.need(job.runtimeSpecifier, "createCapabilityRun"),
      gateFromContext: plan.need(job.runtimeSpecifier, "gateFromContext"),
    }),
  };
}

function lineOf(sf: TS.SourceFile, n: TS.Node): number {
  return sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
}

function unit(
  state: FileRewrite,
  ref: ClassReference,
  outcome: "changed" | "refused",
  unitName: string,
  node: TS.Node,
  refusal?: { code: UnitCode; reason: string },
): void {
  if (outcome === "refused") state.kept.add(ref);
  state.results.push({
    codemod: CODEMOD_NAME,
    outcome,
    unit: unitName,
    file: state.job.file,
    line: lineOf(state.job.sf, node),
    wireName: ref.cls.wireName,
    namespace: ref.cls.namespace,
    ...(refusal
      ? {
          code: refusal.code,
          reason: refusal.reason,
          fix: refusal.reason.split("; ").slice(1).join("; ") || refusal.reason,
        }
      : {}),
  });
}

function replace(state: FileRewrite, node: TS.Node, rewrite: Rewrite, ref: ClassReference, unitName: string): void {
  if (!rewrite.ok) return unit(state, ref, "refused", unitName, node, rewrite);
  const { sf } = state.job;
  state.edits.take(node.getStart(sf), node.end);
  state.edits.add({ start: node.getStart(sf), end: node.end, text: rewrite.text });
  unit(state, ref, "changed", unitName, node);
}

/** One reference: a construction or `instanceof` is rewritten, a table entry is collected, the rest refused. */
function rewriteReference(state: FileRewrite, ref: ClassReference): void {
  const { ts, sf } = state.job;
  const peek = (n: TS.Node): string => state.edits.peek(n.getStart(sf), n.end);
  const parent = ref.node.parent;
  if (ref.kind === "new" && ts.isNewExpression(parent)) {
    const rewrite = rewriteNew(ts, sf, parent, ref.cls, state.job.runFields, state.names, peek);
    replace(state, parent, rewrite, ref, short(parent.getText(sf)));
  } else if (ref.kind === "instanceof" && ts.isBinaryExpression(parent)) {
    replace(state, parent, rewriteInstanceof(ts, sf, parent, ref.cls, peek), ref, short(parent.getText(sf)));
  } else if (ref.kind === "value" && tableOf(ts, ref.node)) {
    const site = tableOf(ts, ref.node) as TableSite;
    const entry = state.tables.get(site.decl) ?? { site, refs: [] };
    entry.refs.push(ref);
    state.tables.set(site.decl, entry);
  } else if (ref.cls.shim && (ref.kind === "type" || ref.kind === "value")) {
    state.kept.add(ref); // the shim keeps this working; the import stays
  } else {
    const reason = unrewritableReason(ts, sf, ref);
    unit(state, ref, "refused", `${ref.cls.name} (${ref.kind})`, ref.node, { code: "class-reference", reason });
  }
}

/** Why a reference that is no construction, test or table entry cannot stay once the class is gone. */
function unrewritableReason(ts: TypeScriptApi, sf: TS.SourceFile, ref: ClassReference): string {
  const parent = ref.node.parent;
  const text = short(parent.getText(sf));
  if (ref.kind === "type" && ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent))
    return `\`${short(parent.parent.getText(sf))}\`: a class still builds on ${ref.cls.name}, which no longer exists; migrate that subclass (or give it a base of its own) by hand`;
  if (ref.kind === "type")
    return `type reference to ${ref.cls.name} (\`${text}\`); the class no longer exists: type it as Tool, then re-run`;
  if (ref.kind === "export") return `re-export of ${ref.cls.name}, which no longer exists; remove it from this barrel`;
  return `${ref.cls.name} is used as a value (\`${text}\`); only \`new\`, \`instanceof\` and constructor tables are rewritten: construct it with toolForCapabilityName(${JSON.stringify(ref.cls.wireName)}) by hand`;
}

/** A constructor table becomes a table of factories, or all its entries are refused together. */
function rewriteTable(state: FileRewrite, site: TableSite, tableRefs: ClassReference[]): void {
  const { ts, sf, file } = state.job;
  const token = "\u0000toolForCapabilityName\u0000";
  const tablePlan = planTable(
    ts,
    sf,
    file,
    site,
    tableRefs,
    (ref) => `() => ${token}(${JSON.stringify(ref.cls.wireName)})`,
    state.job.usedElsewhere,
  );
  if (!tablePlan.ok) {
    for (const ref of tableRefs)
      unit(state, ref, "refused", `${site.name}: ${ref.node.getText(sf)}`, ref.node, {
        code: "constructor-table",
        reason: tablePlan.reason,
      });
    return;
  }
  for (const e of tablePlan.edits)
    state.edits.add(
      e.text.includes(token) ? { ...e, text: e.text.split(token).join(state.names.toolForCapabilityName()) } : e,
    );
  const barrel = state.job.reexportedBy(site.name);
  const note = barrel
    ? `note: ${site.name} is re-exported by ${barrel}; its values are factories now, so code outside this repo that does \`new\` on them must call them instead`
    : undefined;
  for (const u of tablePlan.units) {
    state.results.push({
      codemod: CODEMOD_NAME,
      outcome: "changed",
      unit: u.unit,
      file,
      line: lineOf(sf, u.node),
      ...(u.wireName ? { wireName: u.wireName } : {}),
      ...(note ? { warnings: [note] } : {}),
    });
  }
}

/** Applies the edits and the import plan; changed units carry the import notes. */
function finish(state: FileRewrite): FileOutcome {
  const { job, plan, edits, results } = state;
  const { sf, file } = job;
  const changed = results.some((r) => r.outcome === "changed") || edits.all().length > 0;
  if (!changed && plan.edits().length === 0)
    return { text: null, results: results.sort((a, b) => a.line - b.line), registryImports: [] };
  const text = applyEdits(file, sf.text, [...edits.all(), ...plan.edits()]);
  const notes = plan.hasAdditions ? job.importNotes : [];
  const annotated =
    notes.length === 0
      ? results
      : results.map((r) => (r.outcome === "changed" ? { ...r, warnings: [...(r.warnings ?? []), ...notes] } : r));
  annotated.sort((a, b) => a.line - b.line);
  return {
    text: text === sf.text ? null : text,
    results: annotated,
    registryImports: plan.addedFrom(job.registrySpecifier),
  };
}
