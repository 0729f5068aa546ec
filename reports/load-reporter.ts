/**
 * The reporter names and a loader that imports only the renderer asked for: a command that
 * prints JSON never loads the table's renderer or chalk. reports/index.ts keeps the synchronous
 * table of every renderer (`renderInventoryReport`) for callers that render several.
 */
import type { Reporter } from "./types.js";

const LOADERS = {
  table: () => import("./render-table.js").then((m) => m.renderTable),
  json: () => import("./render-json.js").then((m) => m.renderJson),
  markdown: () => import("./render-markdown.js").then((m) => m.renderMarkdown),
  github: () => import("./render-github.js").then((m) => m.renderGithub),
} as const satisfies Record<string, () => Promise<Reporter>>;

export type ReporterName = keyof typeof LOADERS;
export const REPORTER_NAMES = Object.keys(LOADERS) as ReporterName[];

export function isReporterName(value: string): value is ReporterName {
  return Object.hasOwn(LOADERS, value);
}

/** The renderer called `name`, with only its own modules loaded. */
export function loadReporter(name: ReporterName): Promise<Reporter> {
  return LOADERS[name]();
}

export { colorEnabled } from "./color.js";
