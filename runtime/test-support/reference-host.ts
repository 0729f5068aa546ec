/**
 * A host written from the reference's (NodeTool's) documented contract, not from its code:
 * a ProcessingContext-like bag read with `get(key)` that may carry an AbortSignal, a Tool base
 * whose `execute(context, params, { toolCallId })` strips `_message` and injects `_tool_call_id`
 * for needsToolCallId tools, a name → category map (unlisted → external), and the
 * PermissionGateOptions shape: `{ mode, sessionAllow, requestApproval, securityMonitor, clock,
 * recentTranscript }` — the monitor answers `{ block, reason, tier, severity }` and the clock's
 * `suspend()` returns the resume function. Nothing here is capkit vocabulary.
 */
import type { ZodLike } from "../index.js";

export type NtMode = "plan" | "default" | "auto";
export type NtCategory = "read" | "write" | "execute" | "external";
export type NtDecision = "allow" | "allow_for_chat" | "deny";

export interface NtApprovalRequest {
  toolName: string;
  category: NtCategory;
  args: Record<string, unknown>;
  message: string;
}
export interface NtPendingAction {
  name: string;
  category: NtCategory;
  args: Record<string, unknown>;
  transcript?: string;
}
export interface NtVerdict {
  block: boolean;
  reason?: string;
  tier: "hard" | "soft";
  severity: "low" | "medium" | "high";
}
export interface NtClock {
  suspend(): () => void;
  suspendedMs(): number;
}
export interface NtGateOptions {
  mode: NtMode;
  sessionAllow: Set<string>;
  requestApproval: (request: NtApprovalRequest) => Promise<NtDecision>;
  securityMonitor?: (action: NtPendingAction) => Promise<NtVerdict>;
  clock?: NtClock;
  recentTranscript?: () => string;
}

export const NT_GATE_KEY = "nodetool_permission_gate";

/** The context bag: `get(key, default)` / `set(key, value)`, and the run's abort signal. */
export class NtContext {
  private readonly vars = new Map<string, unknown>();
  constructor(readonly signal?: AbortSignal) {}
  get<T = unknown>(key: string, defaultValue?: T): T {
    return (this.vars.has(key) ? this.vars.get(key) : defaultValue) as T;
  }
  set(key: string, value: unknown): void {
    this.vars.set(key, value);
  }
}

export abstract class NtTool {
  abstract readonly name: string;
  abstract readonly description: string;
  protected readonly jsonSchema?: Record<string, unknown>;
  readonly needsToolCallId: boolean = false;
  get schema(): ZodLike | undefined {
    return undefined;
  }
  get inputSchema(): Record<string, unknown> {
    return this.jsonSchema ?? { type: "object", properties: {} };
  }
  abstract process(context: NtContext, params: Record<string, unknown>): Promise<unknown>;
  userMessage(params: Record<string, unknown>): string {
    const m = params["_message"];
    return typeof m === "string" && m.trim() ? m.trim() : `Running ${this.name}`;
  }
  async execute(
    context: NtContext,
    params: Record<string, unknown> | null | undefined,
    options: { toolCallId?: string } = {},
  ): Promise<unknown> {
    const { _message: _m, ...clean } = params ?? {};
    if (this.needsToolCallId && options.toolCallId) clean["_tool_call_id"] = options.toolCallId;
    const schema = this.schema;
    if (!schema) return this.process(context, clean);
    const parsed = schema.safeParse(clean);
    if (!parsed.success)
      return { error: "invalid_tool_arguments", message: `Invalid arguments for ${this.name}`, issues: [] };
    return this.process(context, parsed.data as Record<string, unknown>);
  }
}

/** The host's own classification map. */
export const NT_CATEGORIES: Readonly<Record<string, NtCategory>> = {
  list_notes: "read",
  add_note: "write",
  run_job: "execute",
  fetch_url: "external",
  nt_read_file: "read",
  nt_write_file: "write",
  nt_spawn: "read",
};

/** A scripted NodeTool-shaped gate: what was asked, reviewed, and how the clock moved. */
export function ntGate(
  mode: NtMode,
  answers: Readonly<Record<string, NtDecision>> = {},
  blocks: Readonly<Record<string, Omit<NtVerdict, "block">>> = {},
) {
  const asked: NtApprovalRequest[] = [];
  const reviewed: NtPendingAction[] = [];
  const clockEvents: string[] = [];
  let depth = 0;
  const options: NtGateOptions = {
    mode,
    sessionAllow: new Set<string>(),
    requestApproval: async (request) => {
      asked.push(request);
      clockEvents.push(`ask:${depth > 0 ? "suspended" : "running"}`);
      return answers[request.toolName] ?? "deny";
    },
    securityMonitor: async (action) => {
      reviewed.push(action);
      clockEvents.push(`review:${depth > 0 ? "suspended" : "running"}`);
      const b = blocks[action.name];
      return b ? { block: true, ...b } : { block: false, tier: "soft", severity: "low" };
    },
    clock: {
      suspend: () => {
        depth++;
        let done = false;
        return () => {
          if (done) return;
          done = true;
          depth--;
        };
      },
      suspendedMs: () => 0,
    },
    recentTranscript: () => "user: please tidy my notes",
  };
  return { options, asked, reviewed, clockEvents, suspended: () => depth > 0 };
}
