/**
 * What the history backfill needs from the inventory, as an injectable object: a pure
 * per-file `extract` whose output is cached per git blob, and an `analyze` that turns one
 * commit's facts into an InventoryResult. `inventory-engine.ts` wires the real inventory
 * (with its config baked in); tests can pass a tiny one.
 */
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import type { InventoryResult } from "../types.js";

export interface AnalyzeCommitInput<F> {
  readonly root: string;
  readonly files: readonly F[];
  /** Every in-scope path at the commit (same order as `files`). */
  readonly knownFiles: readonly string[];
  readonly packages: readonly WorkspacePackage[];
  /** The commit's date, used as the result's generatedAt. */
  readonly generatedAt: string;
}

export interface HistoryEngine<F> {
  /** Changes whenever `extract`'s output changes; part of the cache file name. */
  readonly factsVersion: string;
  /** Root-relative folders that bound the tree listing (e.g. ["packages"]); [] for all. */
  readonly folders: readonly string[];
  /** Whether a root-relative path is scanned. */
  inScope(relPath: string): boolean;
  extract(relPath: string, text: string): F;
  analyze(input: AnalyzeCommitInput<F>): InventoryResult;
  /**
   * Optional: a digest of the facts that ignores what cannot change the counters (line and
   * column numbers). When every file's digest equals the previous commit's, the backfill
   * reuses that commit's counters instead of analysing again — so an edit that only moves
   * code costs its extraction, not a whole-repository analysis.
   */
  shapeOf?(facts: F): string;
}
