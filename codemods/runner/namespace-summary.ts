/**
 * One namespace's part of a migrate result (the --json `namespaces` entries): what was
 * converted, refused or skipped, the run fields created and the files written, summarized from
 * that namespace's unit results. Written by the planning pass (migrate-plan.ts).
 */
import type { CreatedRunField, UnitResult } from "../plan.js";
import type { UnitCode } from "../unit-codes.js";

export interface NamespaceSummary {
  readonly namespace: string;
  readonly converted: string[];
  readonly refused: { class: string; file: string; line: number; code: UnitCode; reason: string; fix: string }[];
  readonly skipped: { class: string; file: string; code?: UnitCode; reason: string }[];
  /** Run fields created for constructor parameters no configured field covered: the host must fill them. */
  readonly runFields: NamespaceRunField[];
  readonly warnings: string[];
  readonly filesWritten: string[];
}

/** One created run field of a namespace, with the capabilities that read it. */
export interface NamespaceRunField extends CreatedRunField {
  readonly capabilities: string[];
}

/** The run fields a namespace's converted classes created, one entry per field. */
function createdRunFields(units: readonly UnitResult[]): NamespaceRunField[] {
  const out = new Map<string, { field: CreatedRunField; capabilities: string[] }>();
  for (const u of units) {
    for (const f of u.outcome === "changed" ? (u.runFields ?? []) : []) {
      const entry = out.get(f.field) ?? { field: f, capabilities: [] };
      entry.capabilities.push(u.wireName ?? u.unit);
      out.set(f.field, entry);
    }
  }
  return [...out.values()]
    .map(({ field, capabilities }) => ({ ...field, capabilities }))
    .sort((a, b) => (a.field < b.field ? -1 : 1));
}

export function summarize(ns: string, units: readonly UnitResult[], files: string[]): NamespaceSummary {
  return {
    namespace: ns,
    converted: units.filter((u) => u.outcome === "changed" && u.wireName).map((u) => u.wireName as string),
    refused: units
      .filter((u) => u.outcome === "refused" || u.outcome === "error")
      .map((u) => ({
        class: u.unit,
        file: u.file,
        line: u.line,
        code: u.code ?? "codemod-bug",
        reason: u.reason ?? "",
        fix: u.fix ?? "",
      })),
    skipped: units
      .filter((u) => u.outcome === "skipped")
      .map((u) => ({ class: u.unit, file: u.file, ...(u.code ? { code: u.code } : {}), reason: u.reason ?? "" })),
    runFields: createdRunFields(units),
    warnings: units.flatMap((u) => u.warnings ?? []),
    filesWritten: files,
  };
}
