/**
 * Where a run's gate comes from when the host passed none: `gateFromContext` reads the options
 * (or built gate) a host published under PERMISSION_GATE_CONTEXT_KEY and otherwise returns a
 * headless gate (auto, escalations denied; or deny-all), warning once per host.
 * `publishPermissionGate` is the host's side of the same key.
 */
import type { CapabilityGate, PermissionGateOptions } from "./permission-types.js";
import { PermissionGateOptionsError } from "./gate-options.js";
import { PERMISSION_GATE_CONTEXT_KEY_TEXT } from "./constants.js";
import { createPermissionGate, isGate } from "./gate.js";

/** The key a host publishes its PermissionGateOptions under on the context object. */
export const PERMISSION_GATE_CONTEXT_KEY = PERMISSION_GATE_CONTEXT_KEY_TEXT;

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
