/**
 * The permission gate: decide(mode, category), then the ladder every `invoke` runs — read
 * fast path (no prompt, no monitor), plan-mode block, session allow-set, approval with the
 * clock suspended, security monitor (also off the clock). Also where a gate comes from:
 * `gateFromContext` reads the options a host published under PERMISSION_GATE_CONTEXT_KEY and
 * otherwise returns a headless gate that fails closed and warns once per host.
 * Consumed by ./run.ts, the adapters, and hosts; pure, dependency-free.
 */
import type {
  ApprovalDecision,
  ApprovalRequest,
  CapabilityGate,
  GateRequest,
  GateVerdict,
  MonitorVerdict,
  PermissionCategory,
  PermissionDecision,
  PermissionGateOptions,
  PermissionMode,
} from "./permission-types.js";
import { PERMISSION_MODES } from "./permission-types.js";
import { refusalMessage } from "./refusals.js";
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

async function offTheClock<T>(options: PermissionGateOptions, fn: () => T | Promise<T>): Promise<T> {
  const { clock, suspendClock } = options;
  clock?.suspend();
  const resume = clock ? undefined : suspendClock?.();
  try {
    return await fn();
  } finally {
    clock?.resume();
    resume?.();
  }
}

function answerOf(d: ApprovalDecision): { decision: string; reason?: string } {
  return typeof d === "string" ? { decision: d } : { decision: d?.decision, ...(d?.reason ? { reason: d.reason } : {}) };
}
function verdictOf(v: MonitorVerdict): { verdict: string; reason?: string } {
  return typeof v === "string" ? { verdict: v } : { verdict: v?.verdict, ...(v?.reason ? { reason: v.reason } : {}) };
}

export function createPermissionGate(options: PermissionGateOptions): CapabilityGate {
  if (!PERMISSION_MODES.includes(options.mode)) {
    throw new TypeError(`Unknown permission mode ${JSON.stringify(options.mode)}; use one of ${PERMISSION_MODES.join(", ")}.`);
  }
  const sessionAllow = options.sessionAllow ?? new Set<string>();
  const headless = options.headless === true;
  const decide = (category: PermissionCategory) => decidePermission(options.mode, category);

  async function authorize(gateRequest: GateRequest): Promise<GateVerdict> {
    const request: ApprovalRequest = { ...gateRequest, toolName: gateRequest.capability, params: gateRequest.args };
    const steps: string[] = [];
    let prompted = false;
    let monitored = false;
    const deny = (error: "permission_denied" | "blocked_in_plan_mode" | "blocked_by_security_monitor", reason?: string): GateVerdict => ({
      allowed: false,
      error,
      message: refusalMessage(error, request, { headless, ...(reason ? { reason } : {}) }),
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
        const approver = options.approver;
        if (!approver) {
          steps.push("approval:none");
          return deny("permission_denied");
        }
        prompted = true;
        let answer: { decision: string; reason?: string };
        try {
          answer = answerOf(await offTheClock(options, () => approver(request)));
        } catch (err) {
          answer = { decision: "deny", reason: `the approval request failed (${(err as Error)?.message ?? String(err)})` };
        }
        steps.push(`approval:${answer.decision}`);
        if (answer.decision === "allow_for_chat") sessionAllow.add(request.capability);
        else if (answer.decision !== "allow") return deny("permission_denied", answer.reason);
      }
    }
    const monitor = options.monitor;
    if (monitor) {
      monitored = true;
      let verdict: { verdict: string; reason?: string };
      try {
        const recentTranscript = options.recentTranscript?.() ?? [];
        verdict = verdictOf(await offTheClock(options, () => typeof monitor === "function" ? monitor({ ...request, recentTranscript }) : monitor.review({ ...request, recentTranscript })));
      } catch (err) {
        verdict = { verdict: "block", reason: `the monitor failed (${(err as Error)?.message ?? String(err)})` };
      }
      steps.push(`monitor:${verdict.verdict}`);
      if (verdict.verdict !== "allow") return deny("blocked_by_security_monitor", verdict.reason);
    }
    return { allowed: true, steps, prompted, monitored };
  }

  return { mode: options.mode, sessionAllow, headless, options, decide, authorize };
}

/** A built gate (as opposed to gate options): anything with an `authorize` method. */
export function isGate(value: unknown): value is CapabilityGate {
  return typeof value === "object" && value !== null && typeof (value as CapabilityGate).authorize === "function";
}
function isGateOptions(value: unknown): value is PermissionGateOptions {
  return typeof value === "object" && value !== null && PERMISSION_MODES.includes((value as PermissionGateOptions).mode);
}

/**
 * Publish gate options (or a built gate) on a context so loops the host never built find it:
 * through the context's own `publish(key, value)` when it has one, else as a property.
 */
export function publishPermissionGate<C extends object>(context: C, gate: PermissionGateOptions | CapabilityGate): C {
  const publish = (context as { publish?: unknown }).publish;
  if (typeof publish === "function") (publish as (k: string, v: unknown) => void).call(context, PERMISSION_GATE_CONTEXT_KEY, gate);
  else (context as Record<string, unknown>)[PERMISSION_GATE_CONTEXT_KEY] = gate;
  return context;
}

/** A property under the key, else the context's `lookup(key)` or `get(key)` accessor. */
function readPublished(context: unknown, keys: readonly string[]): unknown {
  if (typeof context !== "object" || context === null) return undefined;
  for (const key of keys) {
    const direct = (context as Record<string, unknown>)[key];
    if (direct !== undefined) return direct;
    for (const accessor of ["lookup", "get"]) {
      const fn = (context as Record<string, unknown>)[accessor];
      if (typeof fn !== "function") continue;
      try {
        const value = (fn as (k: string) => unknown).call(context, key);
        if (value !== undefined) return value;
      } catch {
        // an accessor with another signature: not where the gate lives
      }
    }
  }
  return undefined;
}

const gatesByOptions = new WeakMap<PermissionGateOptions, CapabilityGate>();
const warnedHosts = new Set<string>();

export interface GateFromContextOptions {
  /** Extra keys to look under, after PERMISSION_GATE_CONTEXT_KEY (a host's pre-migration key). */
  readonly keys?: readonly string[];
  /** Names the host in the headless warning (defaults to the context's constructor name). */
  readonly host?: string;
  readonly warn?: (message: string) => void;
}

function defaultWarn(message: string): void {
  const proc = (globalThis as { process?: { emitWarning?: (m: string, t: string) => void } }).process;
  if (proc?.emitWarning) proc.emitWarning(message, "CapkitHeadlessGate");
}

/** The gate published on the context, else a headless gate: non-interactive, fails closed. */
export function gateFromContext(context: unknown, opts: GateFromContextOptions = {}): CapabilityGate {
  const published = readPublished(context, [PERMISSION_GATE_CONTEXT_KEY, ...(opts.keys ?? [])]);
  if (isGate(published)) return published;
  if (isGateOptions(published)) {
    let gate = gatesByOptions.get(published);
    if (!gate) gatesByOptions.set(published, (gate = createPermissionGate(published)));
    return gate;
  }
  const ctor = typeof context === "object" && context !== null ? (context as object).constructor?.name : undefined;
  const host = opts.host ?? (ctor && ctor !== "Object" ? ctor : "unnamed host");
  if (!warnedHosts.has(host)) {
    warnedHosts.add(host);
    const why = published === undefined ? "no permission gate was published" : "the published permission gate is malformed";
    (opts.warn ?? defaultWarn)(
      `capkit: ${host}: ${why} on the context under "${PERMISSION_GATE_CONTEXT_KEY}"; using a headless gate that ` +
        `denies every call needing approval. Publish PermissionGateOptions with publishPermissionGate(context, options).`,
    );
  }
  return createPermissionGate({ mode: "default", headless: true, host });
}

/** Test hook: forget which hosts were warned about (so a suite can prove "once per host"). */
export function resetHeadlessWarnings(): void {
  warnedHosts.clear();
}
