/**
 * Reporters: render one saved inventory result (plus its ratchet outcome and, optionally, the
 * saved history for a trend line) as terminal table, JSON, Markdown or GitHub annotations.
 * Reporters never compute: `bin/commands/inventory.ts` runs the engine, then calls
 * `loadReporter(name, color)` (reports/load-reporter.ts: only that renderer is loaded), renders, writes
 * `output` and returns `exitCode`; `renderInventoryReport` renders with any of them at once.
 */
import { renderGithub } from "./render-github.js";
import { renderJson } from "./render-json.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderTable } from "./render-table.js";
import type { ReporterName } from "./load-reporter.js";
import type { InventoryReport, Rendered, Reporter, ReportOptions } from "./types.js";

export type { InventoryReport, Rendered, Reporter, ReportOptions } from "./types.js";
export { colorEnabled } from "./color.js";
export { inventoryExitCode } from "./exit-code.js";
export { trendLine, summarizeTrend } from "./trend.js";
export { formatAnnotation } from "./render-github.js";
export { isReporterName, loadReporter, REPORTER_NAMES, type ReporterName } from "./load-reporter.js";

const REPORTERS = {
  table: renderTable,
  json: renderJson,
  markdown: renderMarkdown,
  github: renderGithub,
} as const satisfies Record<ReporterName, Reporter>;

export function renderInventoryReport(name: ReporterName, report: InventoryReport, options: ReportOptions): Rendered {
  return REPORTERS[name](report, options);
}
