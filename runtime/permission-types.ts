/**
 * Permission vocabulary for the gate ladder in `invoke`: categories, modes, the decide
 * result, the approval round trip, the security monitor, the clock the gate suspends, and
 * the options a host publishes on its context. Dependency-free; consumed by ./gate.ts,
 * ./run.ts and hosts that build a gate.
 */

export const PERMISSION_CATEGORIES = ["read", "write", "execute", "external"] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

export const PERMISSION_MODES = ["plan", "default", "auto"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** decide(mode, category): allow outright, ask the approver, or block (plan mode). */
export type PermissionDecision = "allow" | "ask" | "block";

export interface ApprovalRequest {
  readonly capability: string;
  readonly category: PermissionCategory;
  readonly args: Record<string, unknown>;
  /** The resolved user message (caller `_message`, spec template, "Running <name>"). */
  readonly message: string;
  readonly mode: PermissionMode;
  /** Aliases in the Tool-era / NodeTool shape (toolName / params), so existing approvers keep working. */
  readonly toolName: string;
  readonly params: Record<string, unknown>;
}

/** What `invoke` hands the gate; the gate adds the Tool-era aliases itself. */
export type GateRequest = Omit<ApprovalRequest, "toolName" | "params">;

export type ApprovalAnswer = "allow" | "allow_for_chat" | "deny";
export type ApprovalDecision = ApprovalAnswer | { readonly decision: ApprovalAnswer; readonly reason?: string };
export type Approver = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

export interface MonitorRequest extends ApprovalRequest {
  /** What the host chose to show the monitor of the recent conversation (always a list). */
  readonly recentTranscript: readonly unknown[];
  /** The NodeTool `PendingAction` fields: the wire name and the raw `recentTranscript()` value. */
  readonly name: string;
  /** Typed loosely on purpose: NodeTool's monitor declares `transcript?: string`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly transcript?: any;
}
/** NodeTool's verdict: `block` decides; tier ("hard" | "soft") and severity go into the refusal. */
export interface BlockVerdict {
  readonly block: boolean;
  readonly reason?: string;
  readonly tier?: string;
  readonly severity?: string;
}
export type MonitorVerdict =
  "allow" | "block" | { readonly verdict: "allow" | "block"; readonly reason?: string } | BlockVerdict;
/** A function, or a Tool-era object with `review(call)`. */
export type SecurityMonitor =
  | ((request: MonitorRequest) => MonitorVerdict | Promise<MonitorVerdict>)
  | { review(request: MonitorRequest): MonitorVerdict | Promise<MonitorVerdict> };

/** The sandbox clock: time spent waiting on a human or the monitor is not the guest's. */
export interface GateClock {
  suspend(): void;
  resume(): void;
}
/** NodeTool's clock: `suspend()` returns the matching resume (calls nest). */
export interface ResumingClock {
  suspend(): () => void;
}

/** Overrides for the refusal wording (a host whose tests pin its own sentences). */
export type RefusalMessages = Readonly<
  Partial<
    Record<
      | "permission_denied"
      | "blocked_in_plan_mode"
      | "blocked_by_security_monitor"
      | "invalid_tool_arguments"
      | "aborted",
      (info: RefusalInfo) => string
    >
  >
>;
export interface RefusalInfo {
  readonly capability: string;
  readonly category: PermissionCategory;
  readonly reason?: string;
  readonly tier?: string;
  readonly severity?: string;
  readonly issues?: readonly string[];
  readonly headless?: boolean;
}

/**
 * Every option a host may pass, in capkit's words or in NodeTool's (validated by one schema in
 * ./gate-options.ts: an unknown key or a wrong shape throws PermissionGateOptionsError).
 */
export interface PermissionGateOptions {
  readonly mode: PermissionMode;
  /** Capabilities approved with allow_for_chat; shared when the host passes its own set. */
  readonly sessionAllow?: Set<string>;
  /** Asked when decide says "ask" and the allow-set misses. Absent → deny (fail closed). */
  readonly approver?: Approver;
  /** NodeTool's name for the approver (give one of the two). */
  readonly requestApproval?: Approver;
  readonly monitor?: SecurityMonitor;
  /** NodeTool's name for the monitor: `(action) => Promise<{ block, reason, tier, severity }>`. */
  readonly securityMonitor?: SecurityMonitor;
  /** Suspended around approvals and reviews: `suspend()/resume()`, or `suspend()` returning resume. */
  readonly clock?: GateClock | ResumingClock;
  /** Tool-era form of the clock: suspends and returns the resume function (give clock or this). */
  readonly suspendClock?: () => () => void;
  /** What the monitor sees of the conversation: a list (capkit) or text (NodeTool). */
  readonly recentTranscript?: () => unknown;
  /** Marks a headless gate (gateFromContext builds them when nothing was published). */
  readonly headless?: boolean;
  /** Host label used in messages and the headless warning. */
  readonly host?: string;
  /** Adds capkit's `capability` field to refusal payloads (the reference's are `{ error, message }`). */
  readonly payloadExtras?: boolean;
  readonly refusalMessages?: RefusalMessages;
}

/** What one gate pass concluded; steps feed the invoke transcript. */
export type GateVerdict =
  | {
      readonly allowed: true;
      readonly steps: readonly string[];
      readonly prompted: boolean;
      readonly monitored: boolean;
    }
  | {
      readonly allowed: false;
      readonly error: "permission_denied" | "blocked_in_plan_mode" | "blocked_by_security_monitor";
      readonly message: string;
      readonly steps: readonly string[];
      readonly prompted: boolean;
      readonly monitored: boolean;
    };

/** The gate a run carries: decide → allow-set → approval → monitor. Owns the allow-set. */
export interface CapabilityGate {
  readonly mode: PermissionMode;
  readonly sessionAllow: Set<string>;
  readonly headless: boolean;
  /** The options as the host passed them (validated). */
  readonly options: PermissionGateOptions;
  /** Refusals carry capkit's extra fields (see PermissionGateOptions.payloadExtras). */
  readonly payloadExtras?: boolean;
  readonly refusalMessages?: RefusalMessages;
  /** Suspend this clock too around approvals and reviews (a guest action's budget) until detached. */
  attachClock?(clock: GateClock): () => void;
  decide(category: PermissionCategory): PermissionDecision;
  authorize(request: GateRequest): Promise<GateVerdict>;
}
