/**
 * What the dashboard renders: saved results only (the contracts in docs/architecture.md), each optional
 * except the inventory. `load-inputs.ts` reads them from `.capkit/`; tests build them by hand.
 */
import type { HistoryResult } from "../../inventory/history/types.js";
import type { InventoryResult } from "../../inventory/types.js";

export interface MigrateNamespaceResult {
  readonly namespace: string;
  /** Wire names converted to capability modules. */
  readonly converted: readonly string[];
  /** `code` (codemods/unit-codes.md) and `fix` since round 2; older saved results lack them. */
  readonly refused: readonly {
    readonly class: string;
    readonly file: string;
    readonly line?: number;
    readonly code?: string;
    readonly reason: string;
    readonly fix?: string;
  }[];
  readonly filesWritten: readonly string[];
}

export interface MigrateResult {
  readonly namespaces: readonly MigrateNamespaceResult[];
  readonly callSitesRewritten?: number;
}

export interface LintResult {
  readonly violations: readonly {
    readonly rule: string;
    readonly file: string;
    readonly line: number;
    readonly message: string;
  }[];
}

export interface ParityResult {
  readonly checks: readonly {
    readonly name: string;
    readonly ok: boolean;
    readonly problems: readonly unknown[];
    readonly summary?: string;
  }[];
  /** Mutation testing summary when the parity job ran it (`{ total, killed, survivors }`; other shapes shown as JSON). */
  readonly mutants?: unknown;
}

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
  readonly migrate?: MigrateResult;
  readonly lint?: LintResult;
  readonly parity?: ParityResult;
  readonly baseline?: BaselineCounters;
  /** When the page was rendered (ISO); passed in so output is reproducible in tests. */
  readonly renderedAt: string;
}
