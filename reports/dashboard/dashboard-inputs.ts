/**
 * What the dashboard renders: saved results only (the contracts in docs/architecture.md), each optional
 * except the inventory, in the shapes their writers save (lib/saved-results.ts, inventory/types.ts,
 * inventory/history/types.ts). `load-inputs.ts` reads them from `.capkit/`; tests build them by hand.
 */
import type { HistoryResult } from "../../inventory/history/types.js";
import type { InventoryResult } from "../../inventory/types.js";
import type { SavedLint, SavedMigrate, SavedParity } from "../../lib/saved-results.js";

/** The committed ratchet baseline's counters (read, never recomputed). */
export interface BaselineCounters {
  /** Root-relative path of the baseline file. */
  readonly file: string;
  readonly capabilityShaped: number | null;
  readonly loopProtocol: number | null;
}

export interface DashboardInputs {
  readonly inventory: InventoryResult;
  readonly history?: HistoryResult;
  readonly migrate?: SavedMigrate;
  readonly lint?: SavedLint;
  readonly parity?: SavedParity;
  readonly baseline?: BaselineCounters;
  /** When the page was rendered (ISO); passed in so output is reproducible in tests. */
  readonly renderedAt: string;
}
