/**
 * The sandbox host: evaluates one guest action (an ES module) in a fresh QuickJS runtime with
 * the session's capability facades mounted, and returns its result and the transcript of
 * capability calls; `import { capabilities } from "<pack>"` gives the guest the mounted catalog.
 * Hostile-input safe: imports are resolved before any guest code runs and an
 * unmounted or unknown module fails naming it; the bridge is private to the facades and the
 * host pulls its call queue (./pump.ts: no host function exists in the guest); a deadline
 * (the sandbox clock, suspended during approvals) interrupts loops; memory and stack are
 * capped; host errors cross as values; the guest sees no host globals. Consumed by hosts,
 * `capkit parity`, tests and bench/dispatch.bench.ts.
 */
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";
import type { CapabilityRegistry } from "../registry.js";
import type { CapabilityRun } from "../types.js";
import { createSandboxClock, isClockRelay, isSandboxClock, type SandboxClock } from "./clock.js";
import {
  createCapabilityDispatcher,
  type CapabilityDispatcher,
  type DispatchRecord,
  type ErrorPayloadMode,
} from "./dispatcher.js";
import { capabilityCatalog } from "../catalog.js";
import {
  BRIDGE_SPECIFIER,
  DEFAULT_PACK,
  bridgeModuleSource,
  catalogModuleSource,
  facadeSpecifier,
  generateCapabilityFacade,
} from "./facade.js";
import { GuestFailure, acquireEngine, settle, type GuestError } from "./vm.js";
import { CallPump } from "./pump.js";
import { createEngineCalls, type EngineCalls } from "./engine-calls.js";
import { createModuleResolver } from "./resolver.js";

export interface GuestActionOptions {
  /** The action: an ES module whose default export is the result (a function is called). */
  readonly source: string;
  readonly run: CapabilityRun;
  readonly registry: CapabilityRegistry;
  /** Module keys the host mounts for this session; only these are importable. */
  readonly mounted: readonly string[];
  /** Pack name guests import facades from: `<pack>/<moduleKey>`. */
  readonly pack?: string;
  /** Active-time budget when no clock is given (default 5000 ms). */
  readonly deadlineMs?: number;
  /** The action's budget. Default: run.gate.options.clock when it is a SandboxClock and no
   *  deadlineMs is given, else a fresh clock; a ClockRelay on the gate is attached to it. */
  readonly clock?: SandboxClock;
  /** Hard cap on the engine's memory (default 48 MiB; at least 17 MiB, the engine's own floor). */
  readonly memoryLimitBytes?: number;
  readonly maxStackBytes?: number;
  /** Capability calls allowed per action (default 10,000); more fail as values. */
  readonly maxCalls?: number;
  /** Third-party pure guest modules by specifier; may not claim the pack's names. */
  readonly libraries?: Readonly<Record<string, string>>;
  readonly filename?: string;
  /** "throw" (default): a refusal or `{ error }` payload throws a CapabilityRefusal /
   *  CapabilityError (with `code`) in the guest, as the reference does; "value": it resolves. */
  readonly errorPayloads?: ErrorPayloadMode;
}

export type GuestActionResult =
  | { readonly ok: true; readonly value: unknown; readonly calls: DispatchRecord[] }
  | { readonly ok: false; readonly error: GuestError; readonly calls: DispatchRecord[] };

const diagnostics = { actions: 0, disposalFailures: 0 };
/** Process-wide counters: actions run, and runtimes that failed to dispose cleanly (a leak). */
export function sandboxDiagnostics(): { readonly actions: number; readonly disposalFailures: number } {
  return { ...diagnostics };
}

/**
 * The dispatcher for the mounted modules and the module sources the guest can import: one facade
 * per mounted module and the pack's catalog. A library may not claim the pack's namespace.
 */
function mountCapabilities(
  options: GuestActionOptions,
  pack: string,
): { dispatcher: CapabilityDispatcher; facades: Map<string, string> } {
  const dispatcher = createCapabilityDispatcher(
    options.run,
    options.mounted,
    options.registry,
    options.errorPayloads ? { errorPayloads: options.errorPayloads } : {},
  );
  const facades = new Map<string, string>();
  for (const key of options.mounted) {
    const names = (options.registry.moduleSpecs(key) ?? [])
      .map((s) => s.name)
      .filter((n) => options.registry.capabilityModuleOf(n) === key);
    facades.set(facadeSpecifier(key, pack), generateCapabilityFacade(key, names, { pack }));
  }
  facades.set(pack, catalogModuleSource(capabilityCatalog(options.registry, options.mounted)));
  for (const spec of Object.keys(options.libraries ?? {})) {
    if (spec === BRIDGE_SPECIFIER || spec.startsWith(`${pack}/`) || spec === pack) {
      throw new Error(
        `library "${spec}" claims the capability pack's namespace: a pack cannot declare a capability module`,
      );
    }
  }
  return { dispatcher, facades };
}

/** The action's clock: the one given, else the gate's sandbox clock (with no deadline set), else a fresh budget. */
function actionClock(options: GuestActionOptions, gateClock: unknown): SandboxClock {
  return (
    options.clock ??
    (isSandboxClock(gateClock) && options.deadlineMs === undefined
      ? gateClock
      : createSandboxClock(options.deadlineMs ?? 5000))
  );
}

/** An exception out of the engine itself, as the guest error it amounts to. */
function engineFailure(err: unknown): GuestError {
  const message = err instanceof Error ? err.message : String(err);
  const kind = /out of memory/i.test(message) ? "memory" : /call stack/i.test(message) ? "stack" : "host";
  return { kind, name: kind === "stack" ? "StackOverflow" : "SandboxError", message };
}

type Resolver = ReturnType<typeof createModuleResolver>;

/** The bridge module's drain and deliver functions, the bridge evaluated first under its private specifier. */
async function bootBridge(
  engine: EngineCalls,
  ctx: QuickJSContext,
  clock: SandboxClock,
  resolver: Resolver,
): Promise<[QuickJSHandle, QuickJSHandle]> {
  const boot = ctx.evalCode(bridgeModuleSource(), BRIDGE_SPECIFIER, { type: "module" });
  if (boot.error) throw new GuestFailure(resolver.classify(ctx, boot.error, clock));
  const bridgeNamespace = await settle(engine, ctx, boot.value, clock, resolver.errors);
  const drainFn = ctx.getProp(bridgeNamespace, "drain");
  const deliverFn = ctx.getProp(bridgeNamespace, "deliver");
  bridgeNamespace.dispose();
  return [drainFn, deliverFn];
}

/** The action module's default export (called when it is a function), settled and copied out of the guest. */
async function actionValue(
  vm: { engine: EngineCalls; ctx: QuickJSContext; clock: SandboxClock; resolver: Resolver; pump: CallPump },
  options: GuestActionOptions,
): Promise<unknown> {
  const { engine, ctx, clock, resolver, pump } = vm;
  const evaluated = ctx.evalCode(options.source, options.filename ?? "action.js", { type: "module" });
  if (evaluated.error) throw new GuestFailure(resolver.classify(ctx, evaluated.error, clock));
  const namespace = await settle(engine, ctx, evaluated.value, clock, resolver.errors, pump);
  const exported = ctx.getProp(namespace, "default");
  namespace.dispose();
  let resultHandle = exported;
  if (ctx.typeof(exported) === "function") {
    const called = ctx.callFunction(exported, ctx.undefined);
    exported.dispose();
    if (called.error) throw new GuestFailure(resolver.classify(ctx, called.error, clock));
    resultHandle = called.value;
  }
  const settled = await settle(engine, ctx, resultHandle, clock, resolver.errors, pump);
  let value: unknown;
  try {
    value = ctx.dump(settled);
  } finally {
    settled.dispose();
  }
  return value;
}

export async function runGuestAction(options: GuestActionOptions): Promise<GuestActionResult> {
  const pack = options.pack ?? DEFAULT_PACK;
  let mount: { dispatcher: CapabilityDispatcher; facades: Map<string, string> };
  try {
    mount = mountCapabilities(options, pack);
  } catch (err) {
    return { ok: false, error: { kind: "mount", name: "MountError", message: (err as Error).message }, calls: [] };
  }
  const { dispatcher, facades } = mount;
  const calls = dispatcher.transcript;
  const lease = await acquireEngine(options.memoryLimitBytes ?? 48 * 1024 * 1024);
  let healthy = true;
  // The budget starts once the engine is ready: loading it is the host's time, not the guest's.
  const gateClock = options.run.gate?.options?.clock;
  const clock = actionClock(options, gateClock);
  // A relay on the gate forwards its suspensions to this action's clock while it runs.
  const relay = isClockRelay(gateClock) ? gateClock : undefined;
  relay?.attach(clock);
  // Any other host clock on the gate (NodeTool's suspend() → resume) is the host's own; the gate
  // then suspends this action's budget as well, so an approval never runs the guest out of time.
  const detachFromGate =
    gateClock === undefined || relay || clock === gateClock ? undefined : options.run.gate?.attachClock?.(clock);
  const rt = lease.engine.newRuntime();
  rt.setMemoryLimit(lease.capBytes);
  rt.setMaxStackSize(options.maxStackBytes ?? 256 * 1024);
  rt.setInterruptHandler(() => clock.expired());
  const resolver = createModuleResolver({ pack, facades, libraries: options.libraries ?? {} });
  rt.setModuleLoader(resolver.load, resolver.normalize);
  const ctx = rt.newContext();
  const engine = createEngineCalls(rt, ctx);
  let pump: CallPump | undefined;
  const bridgeFns: QuickJSHandle[] = [];

  try {
    // The bridge module is evaluated first, under its private specifier, so facades link to
    // this instance; the host keeps its drain/deliver functions, the guest can never import it.
    const [drainFn, deliverFn] = await bootBridge(engine, ctx, clock, resolver);
    bridgeFns.push(drainFn, deliverFn);
    pump = new CallPump({
      ctx,
      calls: engine,
      dispatcher,
      maxCalls: options.maxCalls ?? 10_000,
      drainFn,
      deliverFn,
      classify: (error) => resolver.classify(ctx, error, clock),
    });

    const value = await actionValue({ engine, ctx, clock, resolver, pump }, options);
    return { ok: true, value, calls };
  } catch (err) {
    if (err instanceof GuestFailure) {
      if (err.failure.kind === "memory") healthy = false;
      return { ok: false, error: err.failure, calls };
    }
    // An exception out of the engine itself (host stack exhausted, wasm trap): its state is
    // not trustworthy any more, so it is dropped rather than disposed or pooled.
    healthy = false;
    return { ok: false, error: engineFailure(err), calls };
  } finally {
    relay?.detach(clock);
    detachFromGate?.();
    pump?.close();
    for (const fn of bridgeFns) {
      try {
        if (fn.alive) fn.dispose();
      } catch {
        // already released by the engine
      }
    }
    try {
      // A runtime that ran out of memory or trapped is dropped with its engine instance:
      // freeing it would trip the engine's own leak assertions.
      if (healthy) {
        engine.dispose();
        ctx.dispose();
        rt.dispose();
      }
    } catch {
      // A leak inside a runtime being thrown away must not take the host down; the engine
      // instance is discarded instead of pooled, and the diagnostics count it.
      healthy = false;
      diagnostics.disposalFailures++;
    }
    diagnostics.actions++;
    lease.release(healthy);
  }
}
