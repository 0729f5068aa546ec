/**
 * The permission gate: decide(mode, category), then the ladder every `invoke` runs — read
 * fast path (no prompt, no monitor), plan-mode block, session allow-set, approval with the
 * clock suspended, security monitor (also off the clock). Also where a gate comes from:
 * `gateFromContext` reads the options a host published under PERMISSION_GATE_CONTEXT_KEY and
 * otherwise returns a headless gate (auto, escalations denied; or deny-all) and warns once per
 * host. Options are validated by ./gate-options.ts. Consumed by ./run.ts, the adapters, hosts.
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
import { PERMISSION_GATE_CONTEXT_KEY_TEXT } from "./constants.js";

/** The key a host publishes its PermissionGateOptions under on the context object. */
export const PERMISSION_GATE_CONTEXT_KEY = PERMISSION_GATE_CONTEXT_KEY_TEXT;

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
/** Anything published that is not a built gate is taken as options and validated (never guessed). */
function isGateOptions(value: unknown): value is PermissionGateOptions {
  return typeof value === "object" && value !== null;
}

/**
 * Publish gate options (or a built gate) on a context so loops the host never built find it:
 * through the context's own `publish(key, value)` when it has one, else as a property.
 */
export function publishPermissionGate<C extends object>(context: C, gate: PermissionGateOptions | CapabilityGate): C {
  const publish = (context as { publish?: unknown }).publish;
  if (typeof publish === "function")
    (publish as (k: string, v: unknown) => void).call(context, PERMISSION_GATE_CONTEXT_KEY, gate);
  else (context as Record<string, unknown>)[PERMISSION_GATE_CONTEXT_KEY] = gate;
  return context;
}

/** A property under the key, else the context's `lookup(key)` or `get(key)` accessor. */
function readPublished(context: unknown, keys: readonly string[]): unknown {
  if (typeof context !== "object" || context === null) return undefined;
  for (const key of keys) {
    const direct = (context as Record<string, unknown>)[key];
    if (direct !== undefined && direct !== null) return direct;
    for (const accessor of ["lookup", "get"]) {
      const fn = (context as Record<string, unknown>)[accessor];
      if (typeof fn !== "function") continue;
      try {
        const value = (fn as (k: string) => unknown).call(context, key);
        if (value !== undefined && value !== null) return value; // a get(key, default) answering null has nothing
      } catch {
        // an accessor with another signature: not where the gate lives
      }
    }
  }
  return undefined;
}

const gatesByOptions = new WeakMap<PermissionGateOptions, CapabilityGate>();
const warnedHosts = new Set<string>();

/** NodeTool's key for the gate a host publishes on its context (read through `context.get`). */
export const NODETOOL_PERMISSION_GATE_CONTEXT_KEY = "nodetool_permission_gate";

/**
 * What a run with no published gate does. "escalations" (the default, as the design says): mode
 * auto — reads, writes and executes run — and anything the ladder would escalate to a person is
 * denied, since there is no one to ask. "deny-all": the stricter gate that denies every call
 * needing approval (only reads run).
 */
export type HeadlessPolicy = "escalations" | "deny-all";

export interface GateFromContextOptions {
  /** Extra keys to look under, after PERMISSION_GATE_CONTEXT_KEY (a host's pre-migration key). */
  readonly keys?: readonly string[];
  /** Names the host in the headless warning (defaults to the context's constructor name). */
  readonly host?: string;
  readonly warn?: (message: string) => void;
  /** The headless gate's policy when nothing was published (default "escalations"). */
  readonly headless?: HeadlessPolicy;
}

function defaultWarn(message: string): void {
  const proc = (globalThis as { process?: { emitWarning?: (m: string, t: string) => void } }).process;
  if (proc?.emitWarning) proc.emitWarning(message, "CapkitHeadlessGate");
}

/** The gate for a host with nobody to ask, under the given policy. */
export function createHeadlessGate(host: string, policy: HeadlessPolicy = "escalations"): CapabilityGate {
  if (policy !== "escalations" && policy !== "deny-all") {
    throw new PermissionGateOptionsError(
      "headless",
      `"escalations" or "deny-all"`,
      `Unknown headless policy ${JSON.stringify(policy)}; use "escalations" (the default) or "deny-all".`,
    );
  }
  if (policy === "deny-all") return createPermissionGate({ mode: "default", headless: true, host });
  return createPermissionGate({ mode: "auto", headless: true, host, approver: () => "deny" });
}

/**
 * The gate published on the context, else a headless gate (see HeadlessPolicy) with a warning
 * once per host. A published value that is not valid gate options throws
 * PermissionGateOptionsError: a host that tried to publish a gate is never run headless by guess.
 */
export function gateFromContext(context: unknown, options: GateFromContextOptions | string = {}): CapabilityGate {
  // NodeTool's signature is gateFromContext(context, hostName).
  const opts: GateFromContextOptions = typeof options === "string" ? { host: options } : options;
  const published = readPublished(context, [PERMISSION_GATE_CONTEXT_KEY, ...(opts.keys ?? [])]);
  if (isGate(published)) return published;
  if (isGateOptions(published)) {
    let gate = gatesByOptions.get(published);
    if (!gate) gatesByOptions.set(published, (gate = createPermissionGate(published)));
    return gate;
  }
  if (published !== undefined) {
    throw new PermissionGateOptionsError(
      "(published gate)",
      "PermissionGateOptions or a built gate",
      `The permission gate published on the context is ${published === null ? "null" : typeof published}, not gate options or a gate.`,
    );
  }
  const ctor = typeof context === "object" && context !== null ? (context as object).constructor?.name : undefined;
  const host = opts.host ?? (ctor && ctor !== "Object" ? ctor : "unnamed host");
  const policy = opts.headless ?? "escalations";
  if (!warnedHosts.has(host)) {
    warnedHosts.add(host);
    const what =
      policy === "deny-all"
        ? "denies every call needing approval"
        : "runs calls as in auto mode and denies anything that would need a person";
    (opts.warn ?? defaultWarn)(
      `capkit: ${host}: no permission gate was published on the context under "${PERMISSION_GATE_CONTEXT_KEY}"; using a headless gate that ` +
        `${what}. Publish PermissionGateOptions with publishPermissionGate(context, options).`,
    );
  }
  return createHeadlessGate(host, policy);
}

/** Test hook: forget which hosts were warned about (so a suite can prove "once per host"). */
export function resetHeadlessWarnings(): void {
  warnedHosts.clear();
}
