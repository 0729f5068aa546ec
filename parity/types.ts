/**
 * Data shapes of the parity harness: the result `capkit parity --json` prints (one entry per
 * check, problems as strings naming the capability, plus the mutation self-check), the
 * recording `--record` commits, and the ParityTarget every check runs against — the migrated
 * registry plus the deterministic context and run fields a host supplies.
 * Consumed by every parity/ module, bin/commands/parity.ts and the demo.
 */
import type {
  PermissionCategory,
  PermissionGateOptions,
  CapabilityGate,
  CapabilityRegistry,
  CapabilityRun,
} from "../runtime/index.js";
import type { SavedParity, SavedParityCheck } from "../lib/saved-results.js";
import type { LegacyBelts } from "./record.js";

export type ParityCheckName = "drift" | "category-snapshot" | "gate-parity" | "behaviour";

/** One check as `results/parity.json` saves it (the saved shape: lib/saved-results.ts). */
export interface ParityCheck extends SavedParityCheck {
  readonly name: ParityCheckName;
  readonly ok: boolean;
  /** Each names the capability (and the case) it is about. Empty when ok. */
  readonly problems: readonly string[];
  /** What the check looked at, for the report ("47 capabilities in 12 modules"). */
  readonly summary: string;
  /** Declared, not silent: result paths the behaviour check replaced by a marker. */
  readonly ignoredFields?: readonly string[];
  /** Things not checked and why (e.g. a category with no capability to use as a canary). */
  readonly skipped?: readonly string[];
}

export interface MutantOutcome {
  readonly name: string;
  readonly description: string;
  readonly killed: boolean;
  /** The first problem that killed it, "check: problem". */
  readonly killedBy?: string;
}

export interface MutantsSummary {
  readonly total: number;
  readonly killed: number;
  readonly survivors: readonly string[];
  readonly results: readonly MutantOutcome[];
}

/** What `capkit parity` prints and saves as `results/parity.json` (read back by the dashboard). */
export interface ParityResult extends SavedParity {
  readonly root?: string;
  readonly ok: boolean;
  readonly checks: readonly ParityCheck[];
  readonly mutants?: MutantsSummary;
}

/** One recorded call of an old Tool class, through its own execute/process. */
export interface RecordedCase {
  /** "cases-file", "schema:minimal" or "schema:full". */
  readonly source: string;
  readonly args: Record<string, unknown>;
  /** The normalised outcome (see normalize.ts): the value, `{ $threw }`, or the invalid-arguments marker. */
  readonly result: unknown;
}

export interface RecordedCapability {
  /** The old class and file, when the inventory found it. */
  readonly class: string | null;
  readonly file: string | null;
  readonly cases: readonly RecordedCase[];
}

export interface ParityRecording {
  readonly $comment: string;
  readonly version: 1;
  /** Wire name → category the old categories map gave it (unlisted → the fallback). */
  readonly oldCategories: Readonly<Record<string, PermissionCategory>>;
  readonly capabilities: Readonly<Record<string, RecordedCapability>>;
  /** Capability classes no belt builder constructed with the configured deps. */
  readonly unrecorded: readonly {
    readonly capability: string;
    readonly class: string | null;
    readonly file: string | null;
  }[];
}

/** Builds a gate from options: createPermissionGate, or a mutant. */
export type GateFactory = (options: PermissionGateOptions) => CapabilityGate;

/** Wraps the run the sandbox dispatcher sees (identity for the real path; a mutant dispatcher). */
export type DispatchRunWrapper = (run: CapabilityRun, registry: CapabilityRegistry) => CapabilityRun;

/** The migrated registry and what a host supplies to run it deterministically. */
export interface ParityTarget {
  readonly registry: CapabilityRegistry;
  /** A fresh deterministic context per case. */
  readonly createContext: () => unknown;
  /** Fresh run fields per case (old constructor deps under their run-field names). */
  readonly createRunFields?: () => Record<string, unknown>;
  /** The committed name → category snapshot, or null when none is committed. */
  readonly snapshot?: Readonly<Record<string, string>> | null;
  readonly snapshotLabel?: string;
  /** The old categories map (unlisted names fall back to `external`). */
  readonly oldCategories?: Readonly<Record<string, string>> | null;
  readonly oldCategoriesLabel?: string;
  readonly recording?: ParityRecording | null;
  readonly recordingLabel?: string;
  readonly canaries?: Partial<Record<PermissionCategory, string>>;
  readonly nondeterministic?: readonly string[];
  /** Module keys implemented on disk (`<ns>.ts` files); null skips the file-level comparison. */
  readonly moduleFiles?: readonly string[] | null;
  readonly pack?: string;
  /** The belts as they are now: a recorded capability that was not migrated (refused, or a
   *  later namespace) is replayed through its remaining Tool class instead. */
  readonly legacy?: LegacyBelts | null;
}

export interface CheckHooks {
  readonly gateFactory?: GateFactory;
  readonly dispatchRun?: DispatchRunWrapper;
  /** How the sandbox hands `{ error }` payloads to the guest (the real default is "throw"). */
  readonly errorPayloads?: "throw" | "value";
}
