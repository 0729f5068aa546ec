/**
 * The host half of the bridge's pull-based call queue. The guest never calls into the host:
 * a guest→host callback is several times dearer in quickjs-emscripten (its generator-based
 * callback trampoline) than a host→guest call (bench/dispatch). So after running guest jobs the host
 * pulls every queued call with one `drain()` call, starts each through the dispatcher (which
 * validates it and calls `run.invoke`), and hands finished answers back in one `deliver(text)`
 * call. Answers are plain JSON data; a host error is an answer, never a rejected promise, and
 * no host-side promise handles exist to leak. Consumed by ./host.ts and ./vm.ts.
 */
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten";
import type { CapabilityDispatcher, DispatchEnvelope } from "./dispatcher.js";
import type { EngineCalls } from "./engine-calls.js";
import { GuestFailure, type GuestError } from "./vm.js";

export interface CallPumpOptions {
  readonly ctx: QuickJSContext;
  readonly calls: EngineCalls;
  readonly dispatcher: CapabilityDispatcher;
  /** Capability calls allowed per action; more are answered with CallBudgetExceeded. */
  readonly maxCalls: number;
  /** The bridge module's `drain` and `deliver` functions (borrowed; disposed by the owner). */
  readonly drainFn: QuickJSHandle;
  readonly deliverFn: QuickJSHandle;
  /** Classify (and dispose) an error handle thrown by guest code during drain/deliver. */
  readonly classify: (error: QuickJSHandle) => GuestError;
  /** How often a wait re-checks the deadline while host work is outstanding (ms). */
  readonly tickMs?: number;
}

function errorAnswer(id: string, name: string, message: string, code?: string): string {
  const tail = code === undefined ? "" : `,${JSON.stringify(code)}`;
  return `[${id},0,${JSON.stringify(name)},${JSON.stringify(message)}${tail}]`;
}

function answerFor(id: string, envelope: DispatchEnvelope, exportName: unknown): string {
  if (!envelope.ok) return errorAnswer(id, envelope.error.name, envelope.error.message, envelope.error.code);
  let value: string | undefined;
  try {
    value = JSON.stringify(envelope.value);
  } catch {
    return errorAnswer(id, "SerializationError", `the result of ${String(exportName)} is not JSON-serialisable`);
  }
  return value === undefined ? `[${id},1]` : `[${id},1,${value}]`;
}

export class CallPump {
  private readonly o: CallPumpOptions;
  private ready: string[] = [];
  private outstanding = 0;
  private calls = 0;
  private open = true;
  private wake: (() => void) | undefined;
  /** Created once: a wait parks its resolver here (no closure per wait). */
  private readonly park = (resolve: () => void): void => {
    this.wake = resolve;
  };
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(options: CallPumpOptions) {
    this.o = options;
    // One interval per action (not one timer per call): a wait re-checks the deadline on it.
    this.timer = setInterval(() => this.poke(), options.tickMs ?? 20);
  }

  /** Host calls started and not yet answered. */
  get inFlight(): number {
    return this.outstanding;
  }

  get hasAnswers(): boolean {
    return this.ready.length > 0;
  }

  /** Pull every call the guest queued and start it; returns how many were pulled. */
  drain(): number {
    const result = this.o.calls.call(this.o.drainFn);
    if (result.error) throw new GuestFailure(this.o.classify(result.error));
    const text = this.o.ctx.getString(result.value);
    result.value.dispose();
    if (text === "") return 0;
    let entries: unknown;
    try {
      entries = JSON.parse(`[${text}]`);
    } catch {
      throw new GuestFailure({
        kind: "host",
        name: "BridgeError",
        message: "the capability bridge's call queue could not be read",
      });
    }
    const list = Array.isArray(entries) ? (entries as unknown[]) : [];
    for (let i = 0; i < list.length; i++) {
      // The bridge writes [id, moduleKey, exportName, args]; the dispatcher checks the rest by type.
      const entry = list[i];
      if (Array.isArray(entry)) this.start(JSON.stringify(entry[0]) ?? "null", entry[1], entry[2], entry[3]);
      else this.start("null", entry, undefined, undefined);
    }
    return list.length;
  }

  private start(id: string, moduleKey: unknown, exportName: unknown, args: unknown): void {
    if (++this.calls > this.o.maxCalls) {
      this.ready.push(
        errorAnswer(id, "CallBudgetExceeded", `this action may make at most ${this.o.maxCalls} capability calls`),
      );
      return;
    }
    this.outstanding++;
    void this.answer(id, exportName, this.o.dispatcher.call(moduleKey, exportName, args));
  }

  private async answer(id: string, exportName: unknown, work: Promise<DispatchEnvelope>): Promise<void> {
    let text: string;
    try {
      text = answerFor(id, await work, exportName);
    } catch (err) {
      // dispatcher.call never rejects; this only keeps a broken one from leaking a rejection.
      text = errorAnswer(id, "Error", err instanceof Error ? err.message : String(err));
    }
    this.outstanding--;
    if (!this.open) return;
    this.ready.push(text);
    this.poke();
  }

  /** Hand every finished answer to the guest; returns how many. Continuations run as jobs. */
  deliver(): number {
    const n = this.ready.length;
    if (n === 0) return 0;
    const text = n === 1 ? `[${this.ready[0] as string}]` : `[${this.ready.join(",")}]`;
    this.ready = [];
    const { ctx } = this.o;
    const arg = ctx.newString(text);
    try {
      const result = this.o.calls.call(this.o.deliverFn, arg);
      if (result.error) throw new GuestFailure(this.o.classify(result.error));
      result.value.dispose();
    } finally {
      arg.dispose();
    }
    return n;
  }

  /** Resolve when an answer arrives or the next tick passes (so the deadline is re-checked). */
  next(): Promise<void> {
    if (this.ready.length > 0 || !this.open) return Promise.resolve();
    return new Promise<void>(this.park);
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Stop the timer; answers arriving later are dropped. */
  close(): void {
    this.open = false;
    clearInterval(this.timer);
    this.poke();
  }
}
