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

export function rewriteFile(job: FileJob): FileOutcome {
  const { ts, sf, file } = job;
  const { refs, imports } = findReferences(ts, sf, file, job.classes);
  const plan = new ImportPlan(ts, sf);
  const edits = new EditSet(sf.text);
  const results: UnitResult[] = [];
  const kept = new Set<ClassReference>();
  const line = (n: TS.Node): number => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const names: RuntimeNames = {
    toolForCapabilityName: () => plan.need(job.registrySpecifier, "toolForCapabilityName"),
    runBindings: () => ({
      registry: plan.need(job.registrySpecifier, job.registryExport, "capabilityRegistry"),
      createCapabilityRun: plan.need(job.runtimeSpecifier, "createCapabilityRun"),
      gateFromContext: plan.need(job.runtimeSpecifier, "gateFromContext"),
    }),
  };
  const peek = (n: TS.Node): string => edits.peek(n.getStart(sf), n.end);
  const unit = (
    ref: ClassReference,
    outcome: "changed" | "refused",
    unitName: string,
    node: TS.Node,
    refusal?: { code: UnitCode; reason: string },
  ): void => {
    if (outcome === "refused") kept.add(ref);
    results.push({
      codemod: CODEMOD_NAME,
      outcome,
      unit: unitName,
      file,
      line: line(node),
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
  };
  const replace = (node: TS.Node, rewrite: Rewrite, ref: ClassReference, unitName: string): void => {
    if (!rewrite.ok) return unit(ref, "refused", unitName, node, rewrite);
    edits.take(node.getStart(sf), node.end);
    edits.add({ start: node.getStart(sf), end: node.end, text: rewrite.text });
    unit(ref, "changed", unitName, node);
  };
  const tables = new Map<TS.VariableDeclaration, { site: TableSite; refs: ClassReference[] }>();
  // Innermost first, so an outer rewrite reads its arguments with the inner rewrites applied.
  const ordered = [...refs].sort(
    (a, b) => a.node.parent.end - a.node.parent.getStart(sf) - (b.node.parent.end - b.node.parent.getStart(sf)),
  );
  for (const ref of ordered) {
    const parent = ref.node.parent;
    if (ref.kind === "new" && ts.isNewExpression(parent)) {
      replace(parent, rewriteNew(ts, sf, parent, ref.cls, job.runFields, names, peek), ref, short(parent.getText(sf)));
    } else if (ref.kind === "instanceof" && ts.isBinaryExpression(parent)) {
      replace(parent, rewriteInstanceof(ts, sf, parent, ref.cls, peek), ref, short(parent.getText(sf)));
    } else if (ref.kind === "value" && tableOf(ts, ref.node)) {
      const site = tableOf(ts, ref.node) as TableSite;
      const entry = tables.get(site.decl) ?? { site, refs: [] };
      entry.refs.push(ref);
      tables.set(site.decl, entry);
    } else if (ref.cls.shim && (ref.kind === "type" || ref.kind === "value")) {
      kept.add(ref); // the shim keeps this working; the import stays
    } else {
      const text = short(parent.getText(sf));
      const why =
        ref.kind === "type" && ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent)
          ? `\`${short(parent.parent.getText(sf))}\`: a class still builds on ${ref.cls.name}, which no longer exists; migrate that subclass (or give it a base of its own) by hand`
          : ref.kind === "type"
            ? `type reference to ${ref.cls.name} (\`${text}\`); the class no longer exists: type it as Tool, then re-run`
            : ref.kind === "export"
              ? `re-export of ${ref.cls.name}, which no longer exists; remove it from this barrel`
              : `${ref.cls.name} is used as a value (\`${text}\`); only \`new\`, \`instanceof\` and constructor tables are rewritten: construct it with toolForCapabilityName(${JSON.stringify(ref.cls.wireName)}) by hand`;
      unit(ref, "refused", `${ref.cls.name} (${ref.kind})`, ref.node, { code: "class-reference", reason: why });
    }
  }
  for (const { site, refs: tableRefs } of tables.values()) {
    const token = "\u0000toolForCapabilityName\u0000";
    const tablePlan = planTable(
      ts,
      sf,
      file,
      site,
      tableRefs,
      (ref) => `() => ${token}(${JSON.stringify(ref.cls.wireName)})`,
      job.usedElsewhere,
    );
    if (!tablePlan.ok) {
      for (const ref of tableRefs)
        unit(ref, "refused", `${site.name}: ${ref.node.getText(sf)}`, ref.node, {
          code: "constructor-table",
          reason: tablePlan.reason,
        });
      continue;
    }
    for (const e of tablePlan.edits)
      edits.add(e.text.includes(token) ? { ...e, text: e.text.split(token).join(names.toolForCapabilityName()) } : e);
    const barrel = job.reexportedBy(site.name);
    const note = barrel
      ? `note: ${site.name} is re-exported by ${barrel}; its values are factories now, so code outside this repo that does \`new\` on them must call them instead`
      : undefined;
    for (const u of tablePlan.units) {
      results.push({
        codemod: CODEMOD_NAME,
        outcome: "changed",
        unit: u.unit,
        file,
        line: line(u.node),
        ...(u.wireName ? { wireName: u.wireName } : {}),
        ...(note ? { warnings: [note] } : {}),
      });
    }
  }
  for (const [local, imp] of imports) {
    const stillUsed = [...kept].some((r) => r.via?.local === local);
    if (!stillUsed) plan.remove(imp.element);
  }
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
