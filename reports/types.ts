/**
 * The reporter contract: a reporter renders one saved result and returns text plus the exit
 * code that result deserves; it never scans, prints or exits. bin/ writes `output` and sets
 * the exit code.
 */
import type { InventoryReport } from "../inventory/types.js";
import type { HistoryResult } from "../inventory/history/types.js";

export type { InventoryReport, HistoryResult };

export interface ReportOptions {
  /** Emit ANSI colours (table reporter only). Decide it with `colorEnabled()`. */
  readonly color: boolean;
  /** Saved history, when present: the Markdown reporter adds a compact trend line. */
  readonly trend?: HistoryResult;
}

export interface Rendered {
  readonly output: string;
  readonly exitCode: number;
}

export type Reporter = (report: InventoryReport, options: ReportOptions) => Rendered;
