/**
 * The history backfill's result: the inventory counters at each of the last N commits of a
 * repository's main line, oldest first. Written by `computeHistory` (inventory/history), saved
 * as `.capkit/results/history.json`, and read by the Markdown reporter's trend line and the
 * dashboard's chart. Change it only additively.
 */
import type { Counters } from "../types.js";

export interface HistoryCommit {
  readonly sha: string;
  /** Committer date, ISO 8601 in UTC. */
  readonly date: string;
  readonly subject: string;
  readonly counters: Counters;
  /** capability-shaped classes per proposed namespace at that commit ("(none)" for none). */
  readonly byNamespace: Readonly<Record<string, number>>;
  /** Files in scope at that commit. */
  readonly scannedFiles: number;
  /** Number of scanned files that could not be parsed at that commit (counts may be low). */
  readonly problems: number;
}

/** Counted per distinct (blob, path) over the whole run: hits + misses = blobs. */
export interface HistoryCacheStats {
  /** Blobs whose facts were already in the on-disk cache. */
  readonly hits: number;
  /** Blobs read through `git cat-file --batch` and extracted in this run. */
  readonly misses: number;
  /** Distinct (blob, path) pairs in scope across all walked commits. */
  readonly blobs: number;
  /** Commits whose scanned files were identical to the previous commit's (analysis reused). */
  readonly unchangedCommits: number;
  /** Commits whose files changed but whose facts differed from the previous commit's only in line numbers (analysis reused). */
  readonly sameShapeCommits: number;
}

export interface HistoryResult {
  readonly version: 1;
  readonly root: string;
  readonly generatedAt: string;
  /** The ref walked with `git rev-list --first-parent` (normally HEAD). */
  readonly ref: string;
  /** Oldest → newest. */
  readonly commits: readonly HistoryCommit[];
  readonly cache: HistoryCacheStats;
}
