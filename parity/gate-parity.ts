/**
 * Check 3, gate parity through the real path: every case of ./gate-cases.ts runs three times on
 * a fresh context — as a guest action in the QuickJS sandbox (a facade's default export →
 * capability dispatcher → run.invoke; a refusal is thrown with its code), as direct run.invoke
 * calls, and as direct calls through gate options in NodeTool's vocabulary — with the same
 * scripted approver, monitor and sandbox clock. Each transcript must meet the case's
 * expectations and all three must be identical (the one-implementation invariant). Implementations are
 * observed from outside (a registry view that records every impl call), so a path that reaches
 * an implementation without invoke shows up. Consumed by ./engine.ts and ./vitest.ts.
 */
import {
  createPermissionGate,
  PERMISSION_CATEGORIES,
  createCapabilityRun,
  scriptedApprover,
  scriptedMonitor,
  validateArguments,
} from "../runtime/index.js";
import type {
  ApprovalRequest,
  MonitorRequest,
  PermissionCategory,
  PermissionGateOptions,
  CapabilityRegistry,
  CapabilityImpl,
} from "../runtime/index.js";
import { createSandboxClock, payloadFailure, runGuestAction } from "../runtime/sandbox/index.js";
import { gateCases, type GateCall, type GateCase, type GateEvent } from "./gate-cases.js";
import { generateInputs } from "./inputs.js";
import { canonical, firstDifference } from "./normalize.js";
import type { CheckHooks, ParityCheck, ParityTarget } from "./types.js";

/** A view of the registry whose implementations report each call before running. */
export function observedRegistry(registry: CapabilityRegistry, onImpl: (name: string) => void): CapabilityRegistry {
  const wrap = (name: string, impl: CapabilityImpl | undefined): CapabilityImpl | undefined =>
    impl &&
    (async (run, args) => {
      onImpl(name);
      return impl(run, args);
    });
  const view = Object.create(registry) as CapabilityRegistry & Record<string, unknown>;
  for (const key of Object.keys(registry)) view[key] = (registry as unknown as Record<string, unknown>)[key];
  view.loadCapabilityImpl = async (name: string) => wrap(name, await registry.loadCapabilityImpl(name));
  view.capabilityForName = async (name: string) => {
    const found = await registry.capabilityForName(name);
    return found && { spec: found.spec, impl: wrap(name, found.impl) as CapabilityImpl };
  };
  return view;
}

/** Arguments for a canary that pass its validation: recorded cases first, then generated ones. */
function canaryArgs(target: ParityTarget, name: string): Record<string, unknown> {
  const spec = target.registry.capabilitySpec(name);
  const recorded = target.recording?.capabilities[name]?.cases ?? [];
  const candidates = [
    ...recorded
      .filter(
        (c) => !(typeof c.result === "object" && c.result !== null && ("$threw" in c.result || "error" in c.result)),
      )
      .map((c) => c.args),
    ...recorded.map((c) => c.args),
    ...generateInputs(spec?.inputSchema, ["minimal", "full"]).map((g) => g.args),
  ];
  const valid = spec ? candidates.find((args) => validateArguments(spec, args).ok) : undefined;
  return structuredClone(valid ?? candidates[0] ?? {});
}

/** The canary per category: configured when registered, else the first recorded name in that
 *  category (constructible with the host's deps), else the first name. */
export function pickCanaries(target: ParityTarget): Partial<Record<PermissionCategory, GateCall>> {
  const recorded = new Set(Object.keys(target.recording?.capabilities ?? {}));
  const rank = (name: string) => (recorded.has(name) ? 0 : 1);
  const specs = target.registry.listCapabilitySpecs();
  const out: Partial<Record<PermissionCategory, GateCall>> = {};
  for (const category of PERMISSION_CATEGORIES) {
    const configured = target.canaries?.[category];
    const spec =
      (configured ? specs.find((s) => s.name === configured && s.category === category) : undefined) ??
      specs
        .filter((s) => s.category === category)
        .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))[0];
    if (spec) out[category] = { capability: spec.name, category, args: canaryArgs(target, spec.name) };
  }
  return out;
}

function guestSource(calls: readonly GateCall[], registry: CapabilityRegistry, pack: string): string {
  const byModule = new Map<string, Set<string>>();
  for (const c of calls) {
    const key = registry.capabilityModuleOf(c.capability) ?? "";
    byModule.set(key, (byModule.get(key) ?? new Set()).add(c.capability));
  }
  // Through each facade's default export (`import notes from "<pack>/notes"`), the form the
  // reference's prompt teaches; a refusal arrives as a thrown error carrying its code.
  const alias = new Map([...byModule.keys()].map((key, i) => [key, `m${i}`]));
  const imports = [...byModule.keys()].map(
    (key) => `import ${alias.get(key)} from ${JSON.stringify(`${pack}/${key}`)};`,
  );
  const steps = calls
    .map(
      (c) =>
        `[${alias.get(registry.capabilityModuleOf(c.capability) ?? "")}.${c.capability}, ${JSON.stringify(c.args)}]`,
    )
    .join(", ");
  return `${imports.join("\n")}
export default async function () {
  const out = [];
  for (const [fn, args] of [${steps}]) {
    try { out.push({ value: await fn(args) }); }
    catch (e) { out.push(e && e.code !== undefined ? { threw: String(e.message), code: e.code } : { threw: String(e && e.message) }); }
  }
  return out;
}
`;
}

function outcomeText(o: { value?: unknown; threw?: string; code?: unknown }): unknown {
  if (o.threw !== undefined) return o.code !== undefined ? { threw: o.threw, code: o.code } : { threw: o.threw };
  return { value: canonical(JSON.parse(JSON.stringify(o.value ?? null))) };
}

/** A direct call's result as the guest would see it: an `{ error }` payload is a throw. */
function directOutcome(capability: string, value: unknown): unknown {
  const failure = payloadFailure(capability, value);
  return outcomeText(failure ? { threw: failure.message, code: failure.code } : { value });
}

type GatePath = "sandbox" | "direct" | "reference";

/**
 * The same scripted approver, monitor and clock in NodeTool's vocabulary: `requestApproval`
 * reading `toolName`, `securityMonitor(action)` answering `{ block, reason }`, and a clock whose
 * `suspend()` returns the resume function.
 */
function referenceShapedOptions(
  c: GateCase,
  approver: (r: ApprovalRequest) => unknown,
  monitor: (r: MonitorRequest) => unknown,
  clock: { suspend(): void; resume(): void },
): PermissionGateOptions {
  return {
    mode: c.mode,
    sessionAllow: new Set(c.sessionAllow ?? []),
    requestApproval: async (r: ApprovalRequest) => approver({ ...r, capability: r.toolName }) as never,
    securityMonitor: async (action: MonitorRequest) => {
      const v = monitor({ ...action, capability: action.name }) as string | { verdict?: string; reason?: string };
      return typeof v === "string"
        ? { block: v === "block" }
        : { block: v.verdict === "block", ...(v.reason ? { reason: v.reason } : {}) };
    },
    clock: { suspend: () => (clock.suspend(), () => clock.resume()) },
  };
}

async function runCase(target: ParityTarget, c: GateCase, path: GatePath, hooks: CheckHooks): Promise<GateEvent[]> {
  const events: GateEvent[] = [];
  const clock = createSandboxClock(60_000);
  const approve = scriptedApprover(c.approvals, "deny");
  const review = scriptedMonitor(c.monitorBlock ?? {});
  const approver = (request: ApprovalRequest) => {
    const answer = approve(request);
    events.push({ kind: "approval", capability: request.capability, answer, clockSuspended: clock.suspended });
    return answer;
  };
  const monitor = (request: MonitorRequest) => {
    const verdict = review(request);
    events.push({
      kind: "monitor",
      capability: request.capability,
      verdict: typeof verdict === "string" ? verdict : verdict.verdict,
      clockSuspended: clock.suspended,
    });
    return verdict;
  };
  const options: PermissionGateOptions =
    path === "reference"
      ? referenceShapedOptions(c, approver, monitor, clock)
      : { mode: c.mode, approver, monitor, clock, sessionAllow: new Set(c.sessionAllow ?? []) };
  const gate = (hooks.gateFactory ?? createPermissionGate)(options);
  const registry = observedRegistry(target.registry, (capability) => events.push({ kind: "impl", capability }));
  const run = createCapabilityRun({
    ...(target.createRunFields?.() ?? {}),
    context: target.createContext(),
    registry,
    gate,
    onInvoke: (r) =>
      events.push({
        kind: "invoke",
        capability: r.name,
        outcome: r.outcome,
        steps: [...r.steps],
        args: canonical(r.args),
      }),
  });
  const results: { capability: string; outcome: unknown }[] = [];
  if (path !== "sandbox") {
    for (const call of c.calls) {
      try {
        results.push({
          capability: call.capability,
          outcome: directOutcome(call.capability, await run.invoke(call.capability, structuredClone(call.args))),
        });
      } catch (err) {
        results.push({
          capability: call.capability,
          outcome: outcomeText({ threw: err instanceof Error ? err.message : String(err) }),
        });
      }
    }
  } else {
    const mounted = [...new Set(c.calls.map((call) => registry.capabilityModuleOf(call.capability) ?? ""))];
    const action = await runGuestAction({
      source: guestSource(c.calls, registry, target.pack ?? "@capkit/platform"),
      run: hooks.dispatchRun ? hooks.dispatchRun(run, registry) : run,
      registry,
      mounted,
      clock,
      ...(hooks.errorPayloads ? { errorPayloads: hooks.errorPayloads } : {}),
      ...(target.pack ? { pack: target.pack } : {}),
      filename: `parity-${c.id}.js`,
    });
    if (!action.ok) events.push({ kind: "sandbox-error", message: `${action.error.name}: ${action.error.message}` });
    else {
      const outs = Array.isArray(action.value) ? (action.value as { value?: unknown; threw?: string }[]) : [];
      c.calls.forEach((call, i) =>
        results.push({ capability: call.capability, outcome: outcomeText(outs[i] ?? { threw: "no result" }) }),
      );
    }
  }
  for (const r of results) events.push({ kind: "result", capability: r.capability, outcome: r.outcome });
  return events;
}

function describeEvent(e: GateEvent | undefined): string {
  if (!e) return "(nothing)";
  return "capability" in e ? `${e.kind} of ${e.capability}` : `${e.kind}: ${e.message}`;
}

/** Run every case through both paths; problems name the case and the capability. */
export async function gateParityCheck(target: ParityTarget, hooks: CheckHooks = {}): Promise<ParityCheck> {
  const { cases, skipped } = gateCases(pickCanaries(target));
  const problems: string[] = [];
  for (const c of cases) {
    const who = [...new Set(c.calls.map((k) => `${k.capability} (${k.category})`))].join(", ");
    const direct = await runCase(target, c, "direct", hooks);
    const sandbox = await runCase(target, c, "sandbox", hooks);
    const reference = await runCase(target, c, "reference", hooks);
    const sandboxError = sandbox.find((e) => e.kind === "sandbox-error");
    if (sandboxError)
      problems.push(`case "${c.id}" [${who}]: the guest action failed in the sandbox: ${describeEvent(sandboxError)}`);
    const fromDirect = c.expect(direct);
    const fromSandbox = c.expect(sandbox);
    for (const p of fromDirect) problems.push(`case "${c.id}" [direct invoke]: ${p}`);
    for (const p of fromSandbox) if (!fromDirect.includes(p)) problems.push(`case "${c.id}" [sandbox]: ${p}`);
    for (const p of c.expect(reference))
      if (!fromDirect.includes(p)) problems.push(`case "${c.id}" [NodeTool-shaped gate options]: ${p}`);
    const vocabularyDiff = firstDifference(direct, reference);
    if (vocabularyDiff)
      problems.push(
        `case "${c.id}" [${who}]: NodeTool-shaped gate options and capkit's give different transcripts ${vocabularyDiff}`,
      );
    const diff = firstDifference(direct, sandbox);
    if (diff) {
      const at = /^at \$\[(\d+)\]/.exec(diff);
      const i = at ? Number(at[1]) : -1;
      const where = i >= 0 ? ` (direct: ${describeEvent(direct[i])}; sandbox: ${describeEvent(sandbox[i])})` : "";
      problems.push(`case "${c.id}" [${who}]: sandbox and direct-invoke transcripts differ ${diff}${where}`);
    }
  }
  const names = [...new Set(cases.flatMap((c) => c.calls.map((k) => k.capability)))].sort();
  return {
    name: "gate-parity",
    ok: problems.length === 0,
    problems,
    summary: `${cases.length} cases × (sandbox, direct invoke, NodeTool-shaped options) over canaries ${names.join(", ") || "(none)"}`,
    ...(skipped.length ? { skipped } : {}),
  };
}
