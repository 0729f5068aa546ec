/**
 * The permission gate: decide(mode, category), then the ladder every `invoke` runs — read
 * fast path (no prompt, no monitor), plan-mode block, session allow-set, approval with the
 * clock suspended, security monitor (also off the clock). Options are validated by
 * ./gate-options.ts; where a run's gate comes from when none is given is ./gate-from-context.ts.
 * Consumed by ./run.ts, the adapters, hosts.
 */
import type {
  ApprovalRequest,
  CapabilityGate,
  GateRequest,
  GateVerdict,
  MonitorRequest,
  PermissionCategory,
  PermissionDecision,
  PermissionGateOptions,
  PermissionMode,
} from "./permission-types.js";
import { PERMISSION_MODES } from "./permission-types.js";
import { refusalMessage } from "./refusals.js";
import { GATE_OPTION_SHAPES, PermissionGateOptionsError, normalizeGateOptions } from "./gate-options.js";

/** read → allow; auto → allow; plan → block; otherwise ask. */
export function decidePermission(mode: PermissionMode, category: PermissionCategory): PermissionDecision {
  if (category === "read") return "allow";
  if (mode === "auto") return "allow";
  if (mode === "plan") return "block";
  return "ask";
}

/** An approver's answer in either vocabulary; anything else denies (fail closed) and says why. */
function answerOf(d: unknown): { decision: string; reason?: string } {
  if (d === "allow" || d === "allow_for_chat" || d === "deny") return { decision: d };
  if (typeof d === "object" && d !== null) {
    const { decision, reason } = d as { decision?: unknown; reason?: unknown };
    if (decision === "allow" || decision === "allow_for_chat" || decision === "deny") {
      return { decision, ...(typeof reason === "string" && reason ? { reason } : {}) };
    }
  }
  return {
    decision: "deny",
    reason: `the approver answered ${JSON.stringify(d) ?? String(d)}, which is not allow, allow_for_chat or deny`,
  };
}

interface Verdict {
  readonly block: boolean;
  readonly reason?: string;
  readonly tier?: string;
  readonly severity?: string;
}
const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
/** A monitor's verdict in any accepted vocabulary; an unrecognised one blocks (fail closed). */
function verdictOf(v: unknown): Verdict {
  if (v === "allow") return { block: false };
  if (v === "block") return { block: true };
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    const detail = {
      ...(text(o["reason"]) ? { reason: text(o["reason"]) } : {}),
      ...(text(o["tier"]) ? { tier: text(o["tier"]) } : {}),
      ...(text(o["severity"]) ? { severity: text(o["severity"]) } : {}),
    };
    if (typeof o["block"] === "boolean") return { block: o["block"], ...detail };
    if (o["verdict"] === "allow" || o["verdict"] === "block") return { block: o["verdict"] === "block", ...detail };
  }
  return { block: true, reason: `the monitor returned ${JSON.stringify(v) ?? String(v)}, which is not a verdict` };
}

function errorText(err: unknown): string {
  return (err as Error)?.message ?? String(err);
}

type GateSettings = ReturnType<typeof normalizeGateOptions>;

/** The approver's answer, asked off the action's clock; a failed request is a deny saying why. */
async function askApproval(
  g: GateSettings,
  approve: NonNullable<GateSettings["approve"]>,
  request: ApprovalRequest,
): Promise<{ decision: string; reason?: string }> {
  try {
    return answerOf(await g.offTheClock(() => approve(request)));
  } catch (err) {
    return { decision: "deny", reason: `the approval request failed (${errorText(err)})` };
  }
}

/** The security monitor's verdict, asked off the action's clock; a failing monitor blocks. */
async function monitorVerdict(
  g: GateSettings,
  review: NonNullable<GateSettings["review"]>,
  request: ApprovalRequest,
): Promise<Verdict> {
  try {
    const transcript = g.transcript();
    const recentTranscript = Array.isArray(transcript) ? transcript : transcript === undefined ? [] : [transcript];
    const monitorRequest: MonitorRequest = { ...request, name: request.capability, transcript, recentTranscript };
    return verdictOf(await g.offTheClock(() => review(monitorRequest)));
  } catch (err) {
    return { block: true, reason: `the monitor failed (${errorText(err)})` };
  }
}

export function createPermissionGate(options: PermissionGateOptions): CapabilityGate {
  if (typeof options === "object" && options !== null && !PERMISSION_MODES.includes(options.mode)) {
    throw new PermissionGateOptionsError(
      "mode",
      GATE_OPTION_SHAPES.mode,
      `Unknown permission mode ${JSON.stringify(options.mode)}; use one of ${PERMISSION_MODES.join(", ")}.`,
    );
  }
  const g = normalizeGateOptions(options);
  const { sessionAllow, headless } = g;
  const decide = (category: PermissionCategory) => decidePermission(g.mode, category);

  async function authorize(gateRequest: GateRequest): Promise<GateVerdict> {
    const request: ApprovalRequest = { ...gateRequest, toolName: gateRequest.capability, params: gateRequest.args };
    const steps: string[] = [];
    let prompted = false;
    let monitored = false;
    const deny = (
      error: "permission_denied" | "blocked_in_plan_mode" | "blocked_by_security_monitor",
      detail: Omit<Verdict, "block"> = {},
    ): GateVerdict => ({
      allowed: false,
      error,
      message: refusalMessage(error, request, {
        headless,
        ...detail,
        ...(g.refusalMessages ? { messages: g.refusalMessages } : {}),
      }),
      steps,
      prompted,
      monitored,
    });
    const decision = decide(request.category);
    steps.push(`decide:${decision}`);
    if (decision === "allow" && request.category === "read") {
      steps.push("fast-path");
      return { allowed: true, steps, prompted, monitored };
    }
    if (decision === "block") return deny("blocked_in_plan_mode");
    if (decision === "ask") {
      if (sessionAllow.has(request.capability)) {
        steps.push("allow-set:hit");
      } else {
        steps.push("allow-set:miss");
        const approve = g.approve;
        if (!approve) {
          steps.push("approval:none");
          return deny("permission_denied");
        }
        prompted = true;
        const answer = await askApproval(g, approve, request);
        steps.push(`approval:${answer.decision}`);
        if (answer.decision === "allow_for_chat") sessionAllow.add(request.capability);
        else if (answer.decision !== "allow")
          return deny("permission_denied", answer.reason ? { reason: answer.reason } : {});
      }
    }
    const review = g.review;
    if (review) {
      monitored = true;
      const verdict = await monitorVerdict(g, review, request);
      steps.push(`monitor:${verdict.block ? "block" : "allow"}`);
      if (verdict.block) {
        const { block: _b, ...detail } = verdict;
        return deny("blocked_by_security_monitor", detail);
      }
    }
    return { allowed: true, steps, prompted, monitored };
  }

  const extras = {
    payloadExtras: g.payloadExtras,
    attachClock: g.attachClock,
    ...(g.refusalMessages ? { refusalMessages: g.refusalMessages } : {}),
  };
  return { mode: g.mode, sessionAllow, headless, options, ...extras, decide, authorize };
}

/** A built gate (as opposed to gate options): anything with an `authorize` method. */
export function isGate(value: unknown): value is CapabilityGate {
  return typeof value === "object" && value !== null && typeof (value as CapabilityGate).authorize === "function";
}
