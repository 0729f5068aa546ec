/**
 * The scan's options, progress events and timings, and the names it searches first: shared by
 * the entry (scan-inventory.ts) and the full scan (full-scan.ts).
 */
import type { CapkitConfig } from "../../lib/config/index.js";
import type { FactsWorkerEntry } from "./facts-worker.js";
import type { ReadWorkerEntry } from "./read-worker.js";

export type ScanPhase = "discover" | "read" | "parse" | "analyze" | "done";

export interface ScanProgress {
  readonly phase: ScanPhase;
  readonly done: number;
  readonly total: number;
}

export interface ScanOptions {
  /** Defaults to `capkit.config.json` at the root (or the built-in defaults when absent). */
  readonly config?: CapkitConfig;
  readonly onProgress?: (event: ScanProgress) => void;
  /** Reuse and refresh the caches in `<root>/.capkit/cache/inventory/` (the CLI turns it on). */
  readonly cache?: boolean;
  /**
   * With `cache`: also the stat cache (default true). The CLI turns it off in CI, where a fresh
   * checkout gives every file a new mtime, so stat-ing and recording would only cost.
   */
  readonly statCache?: boolean;
  /** Filled with wall-clock milliseconds per step (for the benchmark's breakdown). */
  readonly timings?: ScanTimings;
  /**
   * Wall clock (ms since the epoch; default Date.now). With the stat cache, the scan's start
   * decides which files are settled enough to record; tests pass their own.
   */
  readonly now?: () => number;
  /**
   * Where facts are extracted: on a worker thread (true, or the thread's entry: tests run it from
   * the sources), or on the main thread (false). Default: the main thread, unless a cold scan
   * is run with CAPKIT_PARSE_WORKER=1 (facts-worker.ts: `autoWorkerEntry`).
   */
  readonly parseWorker?: boolean | FactsWorkerEntry;
  /**
   * Who does the first read without a stat cache: the main thread and a worker (the worker's
   * entry: tests run it from the sources), or the main thread alone (false). Default: both for a
   * tree of two thousand files or more on two cores or more, unless CAPKIT_READ_WORKER=0
   * (read-worker.ts: `readWorkerFor`). Never with a parse worker.
   */
  readonly readWorker?: false | ReadWorkerEntry;
}

export interface ScanTimings {
  discover: number;
  read: number;
  prefilter: number;
  parse: number;
  analyze: number;
  /** Files parsed (cache misses) and their total characters. */
  parsedFiles: number;
  parsedChars: number;
  /** Files the stat cache answered for without a read (with `cache: true`). */
  statHits?: number;
  /** Files gated (holding a name that matters, or asked for by a step), and reads from disk. */
  gatedFiles?: number;
  reads?: number;
}

/** Timings at zero, for a caller that sums a scan's (or several scans') into them. */
export function emptyTimings(): ScanTimings {
  return { discover: 0, read: 0, prefilter: 0, parse: 0, analyze: 0, parsedFiles: 0, parsedChars: 0 };
}

/** What a file must hold to matter from the start: a base name, a belt builder, the categories map. */
export const firstNeedles = (config: CapkitConfig): string[] => [
  ...config.base.names,
  ...config.classify.beltBuilders,
  config.categories.map,
];
