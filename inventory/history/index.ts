/**
 * History backfill entry: `computeHistory(root, { commits: N })` walks the last N commits of
 * the main line (first parent) and returns the inventory counters at each, oldest first,
 * reading git objects without a checkout and caching per-blob facts under
 * `.capkit/cache/history/`. Save the result with `saveHistory` (→ .capkit/results/history.json);
 * the Markdown reporter and the dashboard read it.
 */
import { resolve } from "node:path";
import { loadConfig, type CapkitConfig } from "../../lib/config/index.js";
import { saveResult } from "../../lib/results-store.js";
import { backfillHistory, type HistoryProgress } from "./backfill.js";
import type { HistoryEngine } from "./history-engine.js";
import { inventoryEngine } from "./inventory-engine.js";
import type { HistoryResult } from "./types.js";

export type { HistoryCommit, HistoryResult, HistoryCacheStats } from "./types.js";
export type { HistoryEngine, AnalyzeCommitInput } from "./history-engine.js";
export type { HistoryProgress } from "./backfill.js";
export { backfillHistory } from "./backfill.js";
export { inventoryEngine } from "./inventory-engine.js";
export { historyStaleness, type HistoryStaleness } from "./staleness.js";

export interface ComputeHistoryOptions {
  /** How many first-parent commits to walk back from `ref` (inclusive). */
  readonly commits: number;
  /**
   * Applied to every commit, so the trend is measured by one set of rules. Defaults to the
   * root's current `capkit.config.json` (as scanInventory does), not each commit's copy.
   */
  readonly config?: CapkitConfig;
  /** Defaults to HEAD. */
  readonly ref?: string;
  readonly onProgress?: (event: HistoryProgress) => void;
  /** Replaces the real inventory (tests, experiments). */
  readonly engine?: HistoryEngine<unknown>;
}

export function computeHistory(root: string, options: ComputeHistoryOptions): Promise<HistoryResult> {
  const engine =
    options.engine ?? (inventoryEngine(options.config ?? loadConfig(resolve(root)).config) as HistoryEngine<unknown>);
  return backfillHistory(root, {
    commits: options.commits,
    engine,
    ...(options.ref ? { ref: options.ref } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

/** Saves to `.capkit/results/history.json` and returns the path. */
export function saveHistory(root: string, history: HistoryResult): string {
  return saveResult(root, "history", history);
}
