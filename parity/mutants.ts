/**
 * The mutation self-check: deliberately broken gates and dispatch paths, each composed from
 * the outside of the real runtime (a gate is an object with `authorize`; the sandbox path is
 * reached through the run the dispatcher is handed; the NodeTool-vocabulary mutants break only
 * the gate built from NodeTool-shaped options). `capkit parity --mutants` runs checks 3
 * and 4 once per mutant; a mutant is killed when either check fails. Consumed by ./engine.ts.
 */
import { createPermissionGate } from "../runtime/index.js";
import type {
  Approver,
  CapabilityGate,
  PermissionGateOptions,
  SecurityMonitor,
  CapabilityRun,
} from "../runtime/index.js";
import type { CheckHooks } from "./types.js";

export interface Mutant extends CheckHooks {
  readonly name: string;
  readonly description: string;
}

const gate = (f: (o: PermissionGateOptions) => PermissionGateOptions) => (o: PermissionGateOptions) =>
  createPermissionGate(f(o));

function mapApprover(approver: Approver | undefined, f: (answer: string) => string): Approver | undefined {
  if (!approver) return undefined;
  return async (request) => {
    const d = await approver(request);
    const answer = typeof d === "string" ? d : d.decision;
    return f(answer) as "allow" | "allow_for_chat" | "deny";
  };
}

class ForgetfulSet extends Set<string> {
  override add(_value: string): this {
    return this; // allow_for_chat never lands
  }
}
class BlindSet extends Set<string> {
  override has(_value: string): boolean {
    return false; // remembered approvals are never consulted
  }
}

function noReadFastPath(o: PermissionGateOptions): CapabilityGate {
  const real = createPermissionGate(o);
  return {
    ...real,
    decide: (category) => real.decide(category === "read" ? "external" : category),
    authorize: (request) =>
      real.authorize(request.category === "read" ? { ...request, category: "external" } : request),
  };
}

function planBlocksReads(o: PermissionGateOptions): CapabilityGate {
  const real = createPermissionGate(o);
  return {
    ...real,
    authorize: async (request) =>
      o.mode === "plan" && request.category === "read"
        ? {
            allowed: false,
            error: "blocked_in_plan_mode",
            message: `${request.capability} is blocked in plan mode`,
            steps: ["decide:block"],
            prompted: false,
            monitored: false,
          }
        : real.authorize(request),
  };
}

/** Consults the real monitor (so the review happens) and then ignores a block. */
function ignoreBlocks(monitor: SecurityMonitor | undefined): SecurityMonitor | undefined {
  if (!monitor) return undefined;
  return async (request) => {
    await (typeof monitor === "function" ? monitor(request) : monitor.review(request));
    return "allow" as const;
  };
}

/** A gate that reads NodeTool's `{ block: false }` as a block (the monitor's own word ignored). */
function blockKeyMisread(monitor: SecurityMonitor | undefined): SecurityMonitor | undefined {
  if (typeof monitor !== "function") return monitor;
  return async (request) => {
    const v = await monitor(request);
    return typeof v === "object" && v !== null && "block" in v ? { verdict: "block" as const, reason: "misread" } : v;
  };
}

export const MUTANTS: readonly Mutant[] = [
  {
    name: "no-read-fast-path",
    description: "reads go through the ask ladder like external calls",
    gateFactory: noReadFastPath,
  },
  {
    name: "monitor-skipped",
    description: "the security monitor is never consulted",
    gateFactory: gate(({ monitor: _m, ...o }) => o),
  },
  {
    name: "monitor-block-ignored",
    description: "a monitor block is treated as allow",
    gateFactory: gate((o) => ({ ...o, monitor: ignoreBlocks(o.monitor) })),
  },
  {
    name: "plan-mode-ignored",
    description: "plan mode behaves like default mode",
    gateFactory: gate((o) => ({ ...o, mode: o.mode === "plan" ? "default" : o.mode })),
  },
  {
    name: "plan-mode-blocks-reads",
    description: "plan mode also blocks read capabilities",
    gateFactory: planBlocksReads,
  },
  {
    name: "auto-mode-ignored",
    description: "auto mode asks like default mode",
    gateFactory: gate((o) => ({ ...o, mode: o.mode === "auto" ? "default" : o.mode })),
  },
  {
    name: "deny-treated-as-allow",
    description: "the approver's deny is taken as allow",
    gateFactory: gate((o) => ({ ...o, approver: mapApprover(o.approver, (a) => (a === "deny" ? "allow" : a)) })),
  },
  {
    name: "allow-for-chat-not-remembered",
    description: "allow_for_chat is treated as a one-off allow",
    gateFactory: gate((o) => {
      const forgetful = new ForgetfulSet();
      for (const name of o.sessionAllow ?? []) Set.prototype.add.call(forgetful, name);
      return { ...o, sessionAllow: forgetful };
    }),
  },
  {
    name: "session-allow-set-ignored",
    description: "the session allow-set is never consulted",
    gateFactory: gate((o) => {
      const blind = new BlindSet();
      for (const name of o.sessionAllow ?? []) Set.prototype.add.call(blind, name);
      return { ...o, sessionAllow: blind };
    }),
  },
  {
    name: "clock-not-suspended",
    description: "the sandbox clock keeps running during approvals and reviews",
    gateFactory: gate(({ clock: _c, ...o }) => o),
  },
  {
    name: "reference-monitor-skipped",
    description: "a monitor given as NodeTool's securityMonitor is never consulted",
    gateFactory: gate(({ securityMonitor: _s, ...o }) => o),
  },
  {
    name: "reference-verdict-misread",
    description: "NodeTool's { block: false } verdict is read as a block",
    gateFactory: gate((o) => (o.securityMonitor ? { ...o, securityMonitor: blockKeyMisread(o.securityMonitor) } : o)),
  },
  {
    name: "reference-approver-skipped",
    description: "an approver given as NodeTool's requestApproval is never asked",
    gateFactory: gate(({ requestApproval: _r, ...o }) => o),
  },
  {
    name: "refusal-resolves-in-guest",
    description: "a refusal reaches the guest as a value instead of a thrown CapabilityRefusal",
    errorPayloads: "value",
  },
  {
    name: "dispatcher-calls-impl-directly",
    description: "the dispatcher reaches the implementation without run.invoke",
    dispatchRun: (run, registry) =>
      ({
        ...run,
        invoke: async (name: string, args: Record<string, unknown> = {}) => {
          const impl = await registry.loadCapabilityImpl(name);
          if (!impl) throw new Error(`no capability ${name}`);
          return impl(run, args);
        },
      }) as CapabilityRun,
  },
  {
    name: "dispatcher-drops-arguments",
    description: "the dispatcher forwards an empty argument object",
    dispatchRun: (run) => ({ ...run, invoke: (name: string) => run.invoke(name, {}) }) as CapabilityRun,
  },
];
