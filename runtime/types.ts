/**
 * The target shape migrated code is written against: a data-only `CapabilitySpec`, an
 * implementation `(run, args) => Promise<unknown>`, the module that pairs them, and the
 * per-run `CapabilityRun` whose `invoke` is the one choke point. Permission types for the gate
 * ladder live in ./permission-types.ts. Dependency-free: zod is duck-typed (`safeParse`).
 * Consumed by the registry, the run, the adapters, the sandbox dispatcher and user code.
 */
import type { GateFromContextOptions } from "./gate-from-context.js";
import type { CapabilityGate, PermissionCategory, PermissionGateOptions } from "./permission-types.js";

/** A JSON Schema object as it appears in a spec (rendered into prompts, MCP, catalogs). */
export type JsonSchema = { readonly [key: string]: unknown };

/** Anything with zod's `safeParse` — the runtime never imports zod. */
export interface ZodLike {
  safeParse(input: unknown): ZodLikeResult;
}
export type ZodLikeResult =
  | { success: true; data: unknown }
  | {
      success: false;
      error: { issues?: readonly { path?: readonly PropertyKey[]; message?: string }[]; message?: string };
    };

/**
 * Per-host typing hook. A host augments it to type the run it builds:
 *   declare module "capkit/runtime" { interface CapabilityHostTypes { context: ProcessingContext } }
 * Unaugmented fields fall back to `any`, so migrated code type-checks before anyone does.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a host augments it (declaration merging)
export interface CapabilityHostTypes {}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HostType<K extends string> = K extends keyof CapabilityHostTypes ? CapabilityHostTypes[K] : any;
export type DefaultContext = HostType<"context">;

/** The schema-shaped identity of one capability. Data only: no implementation import. */
export interface CapabilitySpec {
  /** Wire name, unchanged from the Tool it replaces: "list_workflows". */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** When present, arguments are validated with it instead of the JSON schema. */
  readonly zodSchema?: ZodLike;
  /** Required: there is no default-to-external fallback for a registered capability. */
  readonly category: PermissionCategory;
  /** The implementation receives the caller's tool-call id as `parent_tool_call_id`. */
  readonly needsToolCallId?: boolean;
  userMessage?(args: Record<string, unknown>): string;
}

export type CapabilityImpl<Ctx = DefaultContext> = (
  run: CapabilityRun<Ctx>,
  args: Record<string, unknown>,
) => Promise<unknown>;

export interface CapabilityExport<Ctx = DefaultContext> {
  readonly spec: CapabilitySpec;
  readonly impl: CapabilityImpl<Ctx>;
}

export interface CapabilityModule<Ctx = DefaultContext> {
  /** Must equal the registry key it is loaded under (checked by drift). */
  readonly module: string;
  readonly exports: readonly CapabilityExport<Ctx>[];
}

/** A host-supplied capability (run_node, a UI bridge, a Tool seen through capabilityFromTool). */
export interface HostCapability<Ctx = DefaultContext> {
  readonly spec: CapabilitySpec;
  readonly impl: CapabilityImpl<Ctx>;
}

/** The well-known fields a host puts on a run: what the old classes took in their constructors. */
export interface CapabilityRunFields {
  /** Browser round trip for ui_* capabilities; absent on headless runs. */
  readonly client?: HostType<"client">;
  /** provider, model, parent belt, forwarding — what sub-agent capabilities need. */
  readonly subAgent?: HostType<"subAgent">;
  readonly nodeRegistry?: HostType<"nodeRegistry">;
  readonly providers?: HostType<"providers">;
  readonly examples?: HostType<"examples">;
  readonly vectorCollection?: HostType<"vectorCollection">;
  readonly loaders?: HostType<"loaders">;
  readonly signal?: AbortSignal;
}

/** The per-run object every implementation receives; constructor arguments become fields. */
export interface CapabilityRun<Ctx = DefaultContext> extends CapabilityRunFields {
  readonly context: Ctx;
  readonly gate: CapabilityGate;
  /** Further run fields a migration adds (old constructor arguments). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly [field: string]: any;
  /** The single choke point: lookup → validate → gate → impl. */
  invoke(name: string, args?: Record<string, unknown>): Promise<unknown>;
}

/** What `createCapabilityRun` takes: the run fields plus how to build the gate and lookups. */
export interface CapabilityRunOptions<Ctx = DefaultContext> extends CapabilityRunFields {
  readonly context: Ctx;
  /** A built gate, gate options, or omitted → `gateFromContext(context, contextGate)`. */
  readonly gate?: CapabilityGate | PermissionGateOptions;
  /** How to find a gate on the context when `gate` is omitted (extra keys, host label). */
  readonly contextGate?: GateFromContextOptions;
  readonly registry?: CapabilityLookup;
  /** Host-local capabilities, consulted before the registry. */
  readonly capabilities?: readonly HostCapability<Ctx>[];
  /** Receives one record per invoke (see InvokeRecord) — the parity transcript. */
  readonly onInvoke?: (record: InvokeRecord) => void;
  readonly [field: string]: unknown;
}

/** The part of a registry a run needs (so a test can pass a hand-made lookup). */
export interface CapabilityLookup {
  capabilitySpec(name: string): CapabilitySpec | undefined;
  loadCapabilityImpl(name: string): Promise<CapabilityImpl | undefined>;
}

/** The refusal payloads `invoke` returns as values (never throws for these); `{ error, message }` like the reference. */
export type RefusalCode =
  "permission_denied" | "blocked_in_plan_mode" | "blocked_by_security_monitor" | "invalid_tool_arguments" | "aborted";
export interface Refusal {
  readonly error: RefusalCode;
  readonly message: string;
  /** Only with the gate's `payloadExtras` (the reference's payload has no such field). */
  readonly capability?: string;
  readonly issues?: readonly string[];
}

export type InvokeOutcome = "ok" | "threw" | RefusalCode;

/** One `invoke`, as recorded for transcripts: which ladder steps ran and how it ended. */
export interface InvokeRecord {
  readonly seq: number;
  readonly name: string;
  readonly category: PermissionCategory;
  readonly source: "host" | "registry";
  readonly args: Record<string, unknown>;
  readonly userMessage: string;
  /** e.g. ["validate", "decide:ask", "allow-set:miss", "approval:allow", "monitor:allow", "impl"] */
  readonly steps: readonly string[];
  readonly prompted: boolean;
  readonly monitored: boolean;
  readonly implRan: boolean;
  readonly outcome: InvokeOutcome;
}
