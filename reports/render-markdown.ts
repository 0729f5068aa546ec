/**
 * Markdown reporter: a compact summary for a PR comment or `$GITHUB_STEP_SUMMARY` — the two
 * counters, a trend line when history was saved, the ratchet verdict, counts per kind and per
 * namespace, then every class in a collapsible table.
 */
import { KINDS } from "../lib/kinds.js";
import type { ClassRecord, InventoryResult } from "../inventory/types.js";
import { inventoryExitCode } from "./exit-code.js";
import { incompleteText, ratchetFails, ratchetLines } from "./ratchet-text.js";
import { trendLine } from "./trend.js";
import { categoryText, filesSummary, moduleTable } from "./module-table.js";
import type { Reporter } from "./types.js";
import { blockerCodes } from "./blocker-codes.js";

/** Text safe inside a table cell: no pipes breaking columns, no raw HTML, one line. */
export function mdCell(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|")
    .replace(/\r?\n/g, " ");
}

/** A code span that is safe in a table cell: `|` escaped (GFM reads it inside code spans too), newlines flattened. */
function code(text: string): string {
  return `\`${text.replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\r?\n/g, " ")}\``;
}

function headline(inv: InventoryResult): string {
  const k = inv.counters;
  const cap = `**capability-shaped: ${k.capabilityShaped}** (target 0)`;
  const loop = `**loop-protocol: ${k.loopProtocol}** (allowed)`;
  const ext = `extends Tool: ${k.extendsTool.occurrences} in ${k.extendsTool.files} files`;
  const ind = k.indirect.occurrences ? ` · indirect: ${k.indirect.occurrences}` : "";
  return `${cap} · ${loop} · ${ext}${ind}`;
}

function kindsTable(inv: InventoryResult): string[] {
  const rows = KINDS.filter((kind) => (inv.counters.byKind[kind] ?? 0) > 0);
  if (!rows.length) return [];
  return ["| kind | classes |", "|---|---:|", ...rows.map((kind) => `| ${kind} | ${inv.counters.byKind[kind]} |`), ""];
}

function namespacesLine(inv: InventoryResult): string[] {
  const entries = Object.entries(inv.counters.byNamespace).filter(([, n]) => n > 0);
  if (!entries.length) return [];
  entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [`Capability-shaped by namespace: ${entries.map(([ns, n]) => `${mdCell(ns)} ${n}`).join(" · ")}`, ""];
}

function modulesTable(inv: InventoryResult): string[] {
  const rows = moduleTable(inv);
  if (!rows.length) return [];
  return [
    "| proposed module | classes | from files | namespace from |",
    "|---|---:|---|---|",
    ...rows.map((r) => {
      const files = filesSummary(r.files).map((f) => mdCell(f));
      return `| ${mdCell(r.namespace)} | ${r.classes} | ${files.join("<br>")} | ${r.sources.join(", ")} |`;
    }),
    "",
  ];
}

function classRow(k: ClassRecord): string {
  const name = k.name ? code(k.name) : "_(anonymous)_";
  const category = categoryText(k.category, k.categorySource, false);
  const blockers = blockerCodes(k.blockers)
    .map((code) => mdCell(code))
    .join(", ");
  const why = k.evidence.map(mdCell).join("<br>");
  return `| ${name}${k.direct ? "" : " ↳"} | ${k.kind} | ${k.wireName ? code(k.wireName) : "_dynamic_"} | ${
    k.namespace ? mdCell(k.namespace) : "–"
  } | ${category} | ${mdCell(`${k.file}:${k.line}`)} | ${blockers} | ${why} |`;
}

export const renderMarkdown: Reporter = (report, options) => {
  const inv = report.inventory;
  const out: string[] = ["### capkit inventory", "", headline(inv), ""];
  const trend = trendLine(options.trend);
  if (trend) out.push(`Trend: ${trend}`, "");
  if (report.ratchet) {
    const { headline: head, details } = ratchetLines(report.ratchet);
    const bad = ratchetFails(report.ratchet.status);
    out.push(`> ${bad ? "❌" : "✅"} ${mdCell(head)}`);
    for (const d of details) out.push(`> - ${mdCell(d)}`);
    out.push("");
  }
  const incomplete = incompleteText(inv);
  if (incomplete) {
    out.push(`> ⚠️ ${mdCell(incomplete)}.`);
    for (const p of inv.problems) out.push(`> - ${mdCell(`${p.file}:${p.line}: ${p.message}`)}`);
    out.push("");
  }
  out.push(...kindsTable(inv), ...namespacesLine(inv), ...modulesTable(inv));
  if (inv.classes.length) {
    out.push(`<details><summary>${inv.classes.length} ${inv.classes.length === 1 ? "class" : "classes"}</summary>`, "");
    out.push("| class | kind | wire name | namespace | category | location | blockers | evidence |");
    out.push("|---|---|---|---|---|---|---|---|");
    for (const k of inv.classes) out.push(classRow(k));
    out.push("", "</details>");
  }
  return { output: `${out.join("\n")}\n`, exitCode: inventoryExitCode(report) };
};
