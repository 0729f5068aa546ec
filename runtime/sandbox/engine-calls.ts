/**
 * The three engine operations the sandbox makes on every capability call — call a guest
 * function with at most one argument, run pending jobs, and ask whether a promise is still
 * pending — without quickjs-emscripten's per-call scratch allocations (a malloc'd argv array
 * and fresh typed-array views over the whole wasm heap on every call, a large share of a call's cost).
 * Each does exactly what the library's public method does, in the same order, on the same FFI
 * functions, with two scratch slots allocated once per action; results are ordinary library
 * handles, so ownership, disposal and error classification are unchanged. It reads library
 * internals (ffi, pointers, memory) of quickjs-emscripten 0.32; if any is missing (another
 * version), it uses the public API instead, so an upgrade can cost speed, never behaviour.
 * Consumed by ./host.ts, ./pump.ts and ./vm.ts.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten";

export type CallOutcome =
  | { readonly value: QuickJSHandle; readonly error?: undefined }
  | { readonly error: QuickJSHandle; readonly value?: undefined };
export type JobsOutcome =
  | { readonly value: number; readonly error?: undefined }
  | { readonly error: QuickJSHandle; readonly value?: undefined };

export interface EngineCalls {
  /** ctx.callFunction(fn, ctx.undefined, arg?) */
  call(fn: QuickJSHandle, arg?: QuickJSHandle): CallOutcome;
  /** rt.executePendingJobs() for the runtime's only context. */
  executePendingJobs(): JobsOutcome;
  /** ctx.getPromiseState(handle).type === "pending", without building the state object. */
  isPending(handle: QuickJSHandle): boolean;
  /** Free the scratch slots (the engine instance is reused). */
  dispose(): void;
}

interface Ffi {
  QTS_Call(ctx: number, fn: number, thisVal: number, argc: number, argv: number): number;
  QTS_ResolveException(ctx: number, value: number): number;
  QTS_FreeValuePointer(ctx: number, value: number): void;
  QTS_FreeValuePointerRuntime(rt: number, value: number): void;
  QTS_ExecutePendingJob(rt: number, maxJobs: number, lastJobContext: number): number;
  QTS_PromiseState(ctx: number, value: number): number;
}
interface ContextInternals {
  readonly ffi?: Partial<Ffi>;
  readonly ctx?: { readonly value?: unknown };
  readonly rt?: { readonly value?: unknown };
  readonly memory?: { heapValueHandle?: (ptr: number) => QuickJSHandle };
  readonly module?: { _malloc?: (n: number) => number; _free?: (p: number) => void; HEAPU8?: Uint8Array };
}

const FFI_NAMES: readonly (keyof Ffi)[] = [
  "QTS_Call",
  "QTS_ResolveException",
  "QTS_FreeValuePointer",
  "QTS_FreeValuePointerRuntime",
  "QTS_ExecutePendingJob",
  "QTS_PromiseState",
];

function publicCalls(rt: QuickJSRuntime, ctx: QuickJSContext): EngineCalls {
  return {
    call: (fn, arg) =>
      (arg ? ctx.callFunction(fn, ctx.undefined, arg) : ctx.callFunction(fn, ctx.undefined)) as CallOutcome,
    executePendingJobs: () => rt.executePendingJobs() as JobsOutcome,
    isPending: (handle) => {
      const state = ctx.getPromiseState(handle);
      if (state.type === "fulfilled" && !state.notAPromise) state.value.dispose();
      if (state.type === "rejected") state.error.dispose();
      return state.type === "pending";
    },
    dispose: () => {},
  };
}

export function createEngineCalls(rt: QuickJSRuntime, ctx: QuickJSContext): EngineCalls {
  const inner = ctx as unknown as ContextInternals;
  const ffi = inner.ffi;
  const ctxPtr = inner.ctx?.value;
  const rtPtr = inner.rt?.value;
  const memory = inner.memory;
  const module = inner.module;
  const complete =
    ffi !== undefined &&
    FFI_NAMES.every((name) => typeof ffi[name] === "function") &&
    typeof ctxPtr === "number" &&
    typeof rtPtr === "number" &&
    typeof memory?.heapValueHandle === "function" &&
    typeof module?._malloc === "function" &&
    typeof module._free === "function" &&
    module.HEAPU8 instanceof Uint8Array;
  if (!complete) return publicCalls(rt, ctx);
  const f = ffi as Ffi;
  const heapValueHandle = (ptr: number) => (memory.heapValueHandle as (p: number) => QuickJSHandle).call(memory, ptr);
  const malloc = module._malloc as (n: number) => number;
  const free = module._free as (p: number) => void;
  const scratch = malloc(8); // [argv slot, last-job-context slot]
  const argv = scratch;
  const jobContext = scratch + 4;
  let heap = new Int32Array((module.HEAPU8 as Uint8Array).buffer);
  // The wasm memory may grow (and its buffer be replaced) during any guest call.
  const heap32 = (): Int32Array => {
    const buffer = (module.HEAPU8 as Uint8Array).buffer;
    if (heap.buffer !== buffer) heap = new Int32Array(buffer);
    return heap;
  };
  const undefinedPtr = ctx.undefined.value as unknown as number;
  let freed = false;

  return {
    call(fn, arg) {
      let argc = 0;
      if (arg) {
        heap32()[argv >> 2] = arg.value as unknown as number;
        argc = 1;
      }
      const resultPtr = f.QTS_Call(ctxPtr, fn.value as unknown as number, undefinedPtr, argc, argv);
      const errorPtr = f.QTS_ResolveException(ctxPtr, resultPtr);
      if (errorPtr) {
        f.QTS_FreeValuePointer(ctxPtr, resultPtr);
        return { error: heapValueHandle(errorPtr) };
      }
      return { value: heapValueHandle(resultPtr) };
    },
    executePendingJobs() {
      heap32()[jobContext >> 2] = 0;
      const valuePtr = f.QTS_ExecutePendingJob(rtPtr, -1, jobContext);
      const lastContext = heap32()[jobContext >> 2];
      if (lastContext === 0) {
        f.QTS_FreeValuePointerRuntime(rtPtr, valuePtr);
        return { value: 0 };
      }
      if (lastContext !== ctxPtr) {
        // Only one context lives in a sandbox runtime; anything else is engine corruption.
        f.QTS_FreeValuePointerRuntime(rtPtr, valuePtr);
        throw new Error("a pending job ran in an unknown context");
      }
      const result = heapValueHandle(valuePtr);
      if (ctx.typeof(result) === "number") {
        const jobs = ctx.getNumber(result);
        result.dispose();
        return { value: jobs };
      }
      return { error: result };
    },
    isPending: (handle) => f.QTS_PromiseState(ctxPtr, handle.value as unknown as number) === 0,
    dispose() {
      if (!freed) free(scratch);
      freed = true;
    },
  };
}
