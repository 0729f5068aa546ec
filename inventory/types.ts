/**
 * The inventory's result: plain data, the contract behind `capkit inventory --json`
 * (see docs/architecture.md). Reporters, the ratchet, the history backfill, the dashboard and the
 * codemods all consume this shape; change it only additively.
 */

// Kinds and categories have one home (lib/kinds.ts); the contract re-exports them.
export { KINDS, PERMISSION_CATEGORIES, type Kind, type PermissionCategory } from "../lib/kinds.js";
import type { Kind, PermissionCategory } from "../lib/kinds.js";

/** Why a class cannot be converted mechanically; `code` is stable, `message` is for people. */
export interface Blocker {
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
}

export interface ClassRecord {
  /** null for an anonymous `class extends Tool` expression. */
  readonly name: string | null;
  /** Relative to root, `/` separators. */
  readonly file: string;
  readonly line: number;
  /** The base as written in the extends clause, resolved to the configured base name. */
  readonly base: string;
  /** true when it extends the base directly; false for a subclass of a subclass. */
  readonly direct: boolean;
  /** Class names from this class up to the base, e.g. ["LazyTool", "CapabilityTool", "Tool"]. */
  readonly chain: readonly string[];
  readonly kind: Kind;
  /** The wire name (`readonly name = "list_workflows"`), null when dynamic or absent. */
  readonly wireName: string | null;
  readonly namespace: string | null;
  readonly category: PermissionCategory | null;
  /** Where the category came from: the categories map, a proposal (from the wire name's verb and what process does, for an unlisted name), the unlisted→external fallback, or config. */
  readonly categorySource: "map" | "proposed" | "fallback" | "config" | "none";
  /** Where the namespace came from (absent in results written before round 2). */
  readonly namespaceSource?: "config" | "preset" | "wire-name" | "file-name" | null;
  /** Human-readable facts that decided the kind, each naming a file:line. */
  readonly evidence: readonly string[];
  readonly blockers: readonly Blocker[];
}

export interface Counters {
  /** Direct subclasses of the base class(es): occurrences and distinct files. */
  readonly extendsTool: { readonly occurrences: number; readonly files: number };
  /** Subclasses of subclasses, counted apart from extendsTool. */
  readonly indirect: { readonly occurrences: number; readonly files: number };
  readonly capabilityShaped: number;
  readonly loopProtocol: number;
  readonly byKind: Readonly<Record<Kind, number>>;
  /** capability-shaped classes per proposed namespace (null namespace → "(none)"). */
  readonly byNamespace: Readonly<Record<string, number>>;
}

/** A file that could not be read or parsed; the scan went on without it. */
export interface ScanProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** "cannot read…" when the file or folder could not be read (see isUnreadableProblem); else the parser's message. */
  readonly message: string;
}

export interface InventoryResult {
  readonly version: 1;
  readonly root: string;
  readonly generatedAt: string;
  readonly scannedFiles: number;
  readonly counters: Counters;
  /** Sorted by file, then line. */
  readonly classes: readonly ClassRecord[];
  readonly problems: readonly ScanProblem[];
  /** true when problems made the counts unreliable (exit code says so). */
  readonly incomplete: boolean;
}

/** What `--check` found when comparing the current counters with the committed baseline. */
export interface RatchetDelta {
  /** "capabilityShaped", or "kind:<kind>" for a kind the config ratchets. */
  readonly counter: string;
  readonly baseline: number;
  readonly current: number;
}

export interface RatchetOutcome {
  /**
   * worse (a ratcheted class not in the baseline) → exit 1; better (a baseline class is gone) →
   * exit 0 with a hint to tighten; reclassified (a baseline class changed kind, not converted) →
   * exit 0, reported as not progress; incomplete (the scan missed files) → exit 1;
   * no-baseline → exit 1 with a hint.
   */
  readonly status: "ok" | "worse" | "better" | "reclassified" | "incomplete" | "no-baseline";
  /** Root-relative path of the baseline file. */
  readonly baselineFile: string;
  readonly deltas: readonly RatchetDelta[];
  /** Ratcheted classes present now and not in the baseline (named in the failure). */
  readonly added: readonly {
    readonly name: string | null;
    readonly file: string;
    readonly line: number;
    readonly kind: Kind;
  }[];
  /** Ratcheted classes in the baseline that are gone now (converted or deleted). */
  readonly removed: readonly { readonly name: string | null; readonly file: string; readonly kind: Kind }[];
  /** Ratcheted classes in the baseline still present with another kind (not converted). */
  readonly reclassified?: readonly {
    readonly name: string | null;
    readonly file: string;
    readonly line: number;
    readonly from: Kind;
    readonly to: Kind;
  }[];
  /**
   * Subclasses of the base new since the baseline (in none of its lists) whose kind is not
   * ratcheted (config `ratchet.kinds`): they do not fail the check, and are named so a passing
   * check never hides that the `extends Tool` count grew. Absent when none.
   */
  readonly unratcheted?: readonly {
    readonly name: string | null;
    readonly file: string;
    readonly line: number;
    readonly kind: Kind;
  }[];
  /** The next step, e.g. "run capkit inventory --update-baseline and commit .capkit/baseline.json". */
  readonly hint?: string;
}

/** What a reporter renders: one saved inventory result plus what was derived from it. */
export interface InventoryReport {
  readonly inventory: InventoryResult;
  readonly ratchet?: RatchetOutcome;
}
