/**
 * The table reporter's body: the terminal view of an inventory — counters, one row per class,
 * scan problems and the ratchet verdict — painted by whatever `Paint` it is given. It imports no
 * colour library: render-table.ts paints with chalk, and a run without colour (CI, a pipe) loads
 * only this module through `plainTable` (chalk's load is a tenth of the CLI's own start).
 */
import { PLAIN, type Paint } from "./paint.js";
import { KINDS } from "../lib/kinds.js";
import type { ClassRecord, InventoryResult, Kind } from "../inventory/types.js";
import { inventoryExitCode } from "./exit-code.js";
import { incompleteText, ratchetFails, ratchetLines } from "./ratchet-text.js";
import { trendLine } from "./trend.js";
import { categoryText, filesSummary, moduleTable } from "./module-table.js";
import { PROPOSED_CATEGORY_MEANING } from "../lib/wording.js";
import { renderTextTable, type TextColumn, type TextTableStyle } from "./text-table.js";
import type { InventoryReport, Rendered, ReportOptions, Reporter } from "./types.js";
import { blockerCodes } from "./blocker-codes.js";

const WHY_MAX = 90;
const WHY_WIDTH = 40;

const CLASS_COLUMNS: readonly TextColumn[] = [
  { header: "class / location" },
  { header: "kind" },
  { header: "wire name" },
  { header: "namespace" },
  { header: "category" },
  { header: "blockers" },
  { header: "why", maxWidth: WHY_WIDTH },
];
const MODULE_COLUMNS: readonly TextColumn[] = [
  { header: "proposed module" },
  { header: "classes" },
  { header: "from files" },
  { header: "namespace from" },
];

function tableStyle(c: Paint): TextTableStyle {
  return { head: c.bold, border: c.gray };
}

function kindPainter(c: Paint): Record<Kind, (s: string) => string> {
  return {
    capability: c.yellow,
    "loop-protocol": c.green,
    supervisor: c.cyan,
    infrastructure: c.cyan,
    "sandbox-pack": c.cyan,
    "run-memory": c.cyan,
    "host-bridge": c.magenta,
    unclassified: c.red,
  };
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function countersBlock(inv: InventoryResult, c: Paint): string[] {
  const k = inv.counters;
  const byKind = KINDS.filter((kind) => (k.byKind[kind] ?? 0) > 0)
    .map((kind) => `${kind} ${k.byKind[kind]}`)
    .join(" · ");
  const cap = k.capabilityShaped === 0 ? c.green("0") : c.bold.yellow(String(k.capabilityShaped));
  return [
    `  capability-shaped  ${cap}  ${c.dim("(target 0)")}`,
    `  loop-protocol      ${c.bold(String(k.loopProtocol))}  ${c.dim("(allowed to stay)")}`,
    `  extends Tool       ${k.extendsTool.occurrences} in ${k.extendsTool.files} files` +
      (k.indirect.occurrences ? `; indirect ${k.indirect.occurrences} in ${k.indirect.files} files` : ""),
    `  by kind            ${byKind || "none"}`,
  ];
}

function classRow(k: ClassRecord, paint: Record<Kind, (s: string) => string>, c: Paint): string[] {
  const category = categoryText(k.category, k.categorySource, true);
  return [
    `${k.name ?? c.italic("(anonymous)")}${k.direct ? "" : c.dim(" ↳")}\n${c.dim(`${k.file}:${k.line}`)}`,
    paint[k.kind](k.kind),
    k.wireName ?? c.dim("(dynamic)"),
    k.namespace ?? "-",
    category,
    k.blockers.length ? c.red(blockerCodes(k.blockers).join("\n")) : "",
    truncate(k.evidence[0] ?? "", WHY_MAX),
  ];
}

/** The proposed module table, for review before the first migrate. */
function moduleBlock(inv: InventoryResult, c: Paint): string[] {
  const rows = moduleTable(inv).map((r) => [
    r.namespace,
    String(r.classes),
    filesSummary(r.files).join("\n"),
    r.sources.join(", "),
  ]);
  if (!rows.length) return [];
  return [
    "",
    "Proposed capability modules (review before the first migrate; namespaces.byFile / byWireName override):",
    renderTextTable(MODULE_COLUMNS, rows, tableStyle(c)),
  ];
}

/** The table reporter painting with `paintFor(options.color)`. */
export function tableReporter(paintFor: (color: boolean) => Paint): Reporter {
  return (report, options) => renderWith(report, options, paintFor(options.color));
}

/** The table without colour, whatever `options.color` says (what the CLI loads when colour is off). */
export const plainTable: Reporter = (report, options) => renderWith(report, options, PLAIN);

function renderWith(report: InventoryReport, options: ReportOptions, c: Paint): Rendered {
  const inv = report.inventory;
  const lines: string[] = [];
  lines.push(c.bold(`capkit inventory — ${inv.root}`) + c.dim(` (${inv.scannedFiles} files scanned)`), "");
  lines.push(...countersBlock(inv, c));
  const trend = trendLine(options.trend);
  if (trend) lines.push(`  trend              ${trend}`);
  lines.push("");

  if (inv.classes.length) {
    const paint = kindPainter(c);
    lines.push(
      renderTextTable(
        CLASS_COLUMNS,
        inv.classes.map((k) => classRow(k, paint, c)),
        tableStyle(c),
      ),
    );
    const notes: string[] = [];
    if (inv.classes.some((k) => k.categorySource === "fallback")) {
      notes.push("* category from the unlisted → external fallback: add the tool to the categories map");
    }
    if (inv.classes.some((k) => k.categorySource === "proposed")) {
      notes.push(`? ${PROPOSED_CATEGORY_MEANING}: review it, then add it to the categories map`);
    }
    if (inv.classes.some((k) => !k.direct)) notes.push("↳ indirect subclass (a subclass of a subclass)");
    for (const n of notes) lines.push(c.dim(n));
    lines.push(...moduleBlock(inv, c));
  } else {
    lines.push(c.dim("no subclasses of the base class found"));
  }

  if (inv.problems.length) {
    lines.push("", c.red.bold(`${incompleteText(inv)}:`));
    for (const p of inv.problems) lines.push(c.red(`  ${p.file}:${p.line}:${p.column}  ${p.message}`));
  }
  if (report.ratchet) {
    const { headline, details } = ratchetLines(report.ratchet);
    const status = report.ratchet.status;
    const paintHead = ratchetFails(status)
      ? c.red.bold
      : status === "better" || status === "reclassified"
        ? c.cyan
        : c.green;
    lines.push("", paintHead(headline));
    for (const d of details) lines.push(`  ${d}`);
  }
  return { output: `${lines.join("\n")}\n`, exitCode: inventoryExitCode(report) };
}
