/**
 * The reporter names and a loader that imports only the renderer asked for: a command that
 * prints JSON never loads the table's renderer or chalk. reports/index.ts keeps the synchronous
 * table of every renderer (`renderInventoryReport`) for callers that render several. The table
 * without colour loads no chalk either.
 */
import type { Reporter } from "./types.js";

const LOADERS = {
  // Without colour (CI, a pipe) the table's body is loaded alone: no chalk.
  table: (color: boolean) =>
    color
      ? import("./render-table.js").then((m) => m.renderTable)
      : import("./table-body.js").then((m) => m.plainTable),
  json: () => import("./render-json.js").then((m) => m.renderJson),
  markdown: () => import("./render-markdown.js").then((m) => m.renderMarkdown),
  github: () => import("./render-github.js").then((m) => m.renderGithub),
} as const satisfies Record<string, (color: boolean) => Promise<Reporter>>;

export type ReporterName = keyof typeof LOADERS;
export const REPORTER_NAMES = Object.keys(LOADERS) as ReporterName[];

export function isReporterName(value: string): value is ReporterName {
  return Object.hasOwn(LOADERS, value);
}

/**
 * The renderer called `name`, with only its own modules loaded; `color` says whether it will be
 * asked for colour (a table without colour loads no colour library).
 */
export function loadReporter(name: ReporterName, color: boolean): Promise<Reporter> {
  return LOADERS[name](color);
}

export { colorEnabled } from "./color.js";
