/**
 * QuickJS plumbing for the sandbox host: engine instances (sync build) capped by their own memory,
 * turning a guest error handle into a classified host error, and driving a guest promise to
 * settlement (executePendingJobs + the bridge's call pump + awaiting host work), bounded by
 * the sandbox clock. Consumed by ./host.ts and ./pump.ts.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import {
  RELEASE_SYNC,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from "quickjs-emscripten";
import type { SandboxClock } from "./clock.js";
import type { CallPump } from "./pump.js";
import type { EngineCalls } from "./engine-calls.js";

const require = createRequire(import.meta.url);

const PAGE = 64 * 1024;
/** The engine's declared initial memory (256 pages); a cap below this cannot instantiate. */
export const MIN_MEMORY_BYTES = 256 * PAGE;

let compiled: Promise<WebAssembly.Module> | undefined;
function compiledModule(): Promise<WebAssembly.Module> {
  // Resolved from quickjs-emscripten's own location: the variant is its dependency, not ours.
  const fromQuickJS = createRequire(require.resolve("quickjs-emscripten"));
  compiled ??= readFile(fromQuickJS.resolve("@jitl/quickjs-wasmfile-release-sync/wasm")).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

/**
 * One engine instance per action, on its own WebAssembly.Memory whose maximum is the action's
 * memory cap: the engine's own limit counts allocations, not bytes, in this build, so the hard
 * cap is the memory itself. Healthy instances are pooled per cap and reused.
 */
const idle = new Map<number, QuickJSWASMModule[]>();
export interface EngineLease {
  readonly engine: QuickJSWASMModule;
  readonly capBytes: number;
  release(healthy: boolean): void;
}
export async function acquireEngine(memoryLimitBytes: number): Promise<EngineLease> {
  const pages = Math.max(MIN_MEMORY_BYTES / PAGE + 16, Math.ceil(memoryLimitBytes / PAGE));
  const pool = idle.get(pages) ?? [];
  idle.set(pages, pool);
  const engine =
    pool.pop() ??
    (await newQuickJSWASMModuleFromVariant(
      newVariant(RELEASE_SYNC, {
        wasmModule: await compiledModule(),
        wasmMemory: new WebAssembly.Memory({ initial: MIN_MEMORY_BYTES / PAGE, maximum: pages }),
      }),
    ));
  return {
    engine,
    capBytes: pages * PAGE,
    release: (healthy) => {
      if (healthy && pool.length < 4) pool.push(engine);
    },
  };
}

export type GuestErrorKind = "deadline" | "memory" | "stack" | "module" | "guest" | "deadlock" | "mount" | "host";
export interface GuestError {
  readonly kind: GuestErrorKind;
  readonly name: string;
  readonly message: string;
}

export class GuestFailure extends Error {
  constructor(readonly failure: GuestError) {
    super(failure.message);
    this.name = "GuestFailure";
  }
}

/** Read an error handle into plain data (disposes it) and classify it. */
export function guestError(
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  clock: SandboxClock,
  moduleErrors: Set<string>,
): GuestError {
  let name = "Error";
  let message = "guest error";
  try {
    const dumped: unknown = ctx.dump(handle);
    if (typeof dumped === "object" && dumped !== null) {
      const d = dumped as { name?: unknown; message?: unknown };
      if (typeof d.name === "string") name = d.name;
      if (typeof d.message === "string") message = d.message;
    } else {
      message = `guest threw a non-error value: ${String(dumped).slice(0, 200)}`;
    }
  } catch {
    message = "guest threw a value that could not be read";
  } finally {
    if (handle.alive) handle.dispose();
  }
  if (name === "InternalError" && /interrupted/.test(message)) {
    return {
      kind: "deadline",
      name: "DeadlineExceeded",
      message: `the action ran past its ${clock.budgetMs} ms deadline and was interrupted`,
    };
  }
  if (name === "InternalError" && /stack overflow/.test(message))
    return { kind: "stack", name: "StackOverflow", message: "the action exceeded its stack limit" };
  if (/out of memory/i.test(message))
    return {
      kind: "memory",
      name: "MemoryLimitExceeded",
      message: `the action exceeded its memory limit (${message})`,
    };
  if (moduleErrors.has(message)) return { kind: "module", name, message };
  if (clock.expired())
    return {
      kind: "deadline",
      name: "DeadlineExceeded",
      message: `the action ran past its ${clock.budgetMs} ms deadline (${message})`,
    };
  return { kind: "guest", name, message };
}

/**
 * Settle a handle that may be a promise; returns an owned value handle or throws GuestFailure.
 * Each round: hand finished host answers to the guest, run its jobs, pull the calls it queued
 * (so a call made just before the action finishes still starts, as it always has), re-check the
 * deadline, and read the promise's state only if guest code ran. Without a pump (the bridge's
 * own boot) nothing can be in flight, so a pending promise is a deadlock.
 */
export async function settle(
  calls: EngineCalls,
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  clock: SandboxClock,
  moduleErrors: Set<string>,
  pump?: CallPump,
): Promise<QuickJSHandle> {
  try {
    let ran = 1;
    for (;;) {
      if (pump) pump.deliver();
      const jobs = calls.executePendingJobs();
      if (jobs.error) throw new GuestFailure(guestError(ctx, jobs.error, clock, moduleErrors));
      ran += jobs.value;
      if (pump) pump.drain();
      if (clock.expired())
        throw new GuestFailure(
          guestError(ctx, ctx.newError({ name: "InternalError", message: "interrupted" }), clock, moduleErrors),
        );
      if (ran > 0 && !calls.isPending(handle)) {
        const state = ctx.getPromiseState(handle);
        if (state.type === "fulfilled") return state.notAPromise ? handle.dup() : state.value;
        if (state.type === "rejected") throw new GuestFailure(guestError(ctx, state.error, clock, moduleErrors));
      }
      ran = 0;
      if (pump?.hasAnswers) continue;
      if (!pump || pump.inFlight === 0) {
        throw new GuestFailure({
          kind: "deadlock",
          name: "Deadlock",
          message: "the action awaits a promise that nothing will ever settle",
        });
      }
      // Wait for host work; a suspended clock (approval, monitor) does not run down the deadline.
      await pump.next();
    }
  } finally {
    if (handle.alive) handle.dispose();
  }
}
