/**
 * Compact trend lines from a saved history, e.g. "capability-shaped 41 → 12 over 30 commits".
 * Used by the Markdown reporter (PR comments, step summaries) and the dashboard header.
 */
import type { HistoryResult } from "../inventory/history/types.js";
import { plural } from "../lib/wording.js";

export interface TrendSummary {
  readonly commits: number;
  readonly capabilityShaped: { readonly from: number; readonly to: number };
  readonly loopProtocol: { readonly from: number; readonly to: number };
}

export function summarizeTrend(history: HistoryResult | undefined): TrendSummary | undefined {
  const first = history?.commits[0];
  const last = history?.commits[history.commits.length - 1];
  if (!history || !first || !last) return undefined;
  return {
    commits: history.commits.length,
    capabilityShaped: { from: first.counters.capabilityShaped, to: last.counters.capabilityShaped },
    loopProtocol: { from: first.counters.loopProtocol, to: last.counters.loopProtocol },
  };
}

/** "capability-shaped 41 → 12 over 30 commits; loop-protocol 9 → 9", or undefined without history. */
export function trendLine(history: HistoryResult | undefined): string | undefined {
  const t = summarizeTrend(history);
  if (!t) return undefined;
  const cap = `capability-shaped ${t.capabilityShaped.from} → ${t.capabilityShaped.to}`;
  const loop = `loop-protocol ${t.loopProtocol.from} → ${t.loopProtocol.to}`;
  return `${cap} over ${plural(t.commits, "commit")}; ${loop}`;
}
