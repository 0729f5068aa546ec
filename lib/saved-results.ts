/**
 * The saved results one job writes and another reads back (`.capkit/results/<job>.json`, see
 * lib/results-store.ts): migrate's ledger, lint's violations and parity's checks. The command
 * that writes each one types its document with these, and every reader (the dashboard, migrate
 * merging its earlier runs) reads them through these, so the two cannot drift apart.
 * A writer may save more than these fields (readers ignore what they do not use); a field older
 * capkit versions did not write is optional, since a saved file may predate it.
 * The inventory and history results have one home already (inventory/types.ts,
 * inventory/history/types.ts), shared by their writers and readers.
 */

export interface SavedRefusal {
  readonly class: string;
  readonly file: string;
  readonly line?: number;
  /** `code` (codemods/unit-codes.md) and `fix` since round 2; older saved results lack them. */
  readonly code?: string;
  readonly reason: string;
  readonly fix?: string;
}

export interface SavedMigrateNamespace {
  readonly namespace: string;
  /** Wire names converted to capability modules. */
  readonly converted: readonly string[];
  readonly refused: readonly SavedRefusal[];
  readonly filesWritten: readonly string[];
  readonly [extra: string]: unknown;
}

/** `results/migrate.json`: every namespace migrated so far (each run merges into the last). */
export interface SavedMigrate {
  readonly namespaces: readonly SavedMigrateNamespace[];
  /** Call sites rewritten over all runs; results saved before it was counted lack it. */
  readonly callSitesRewritten?: number;
  readonly [extra: string]: unknown;
}

export interface SavedLintViolation {
  readonly rule: string;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** `results/lint.json`: the violations the seam lint found (counts and cycles beside them). */
export interface SavedLint {
  readonly violations: readonly SavedLintViolation[];
  readonly [extra: string]: unknown;
}

export interface SavedParityCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly problems: readonly unknown[];
  readonly summary?: string;
}

/** `results/parity.json`: one entry per parity check, and the mutation self-check when it ran. */
export interface SavedParity {
  readonly checks: readonly SavedParityCheck[];
  /** `{ total, killed, survivors, … }` when the parity job ran its mutants. */
  readonly mutants?: unknown;
}

/** The saved results whose shape lib/ holds, by job: what `saveResult` takes and readers get. */
export interface SavedResultShapes {
  readonly migrate: SavedMigrate;
  readonly lint: SavedLint;
  readonly parity: SavedParity;
}
