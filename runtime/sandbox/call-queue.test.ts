/**
 * The pull-based call queue between guest facades and the dispatcher (./pump.ts, the bridge in
 * ./facade.ts) and the allocation-free engine calls (./engine-calls.ts): answers reach the
 * right promise in any order, calls made just before an action ends still go through
 * run.invoke, odd results cross as values, and the public-API fallback behaves the same.
 */
import { describe, expect, it } from "vitest";
import { getQuickJS } from "quickjs-emscripten";
import { createCapabilityRegistry, createCapabilityRun, type CapabilityModule, type CapabilitySpec } from "../index.js";
import { createEngineCalls } from "./engine-calls.js";
import { runGuestAction } from "./host.js";
import { afterPendingJobs, deferred, type Deferred } from "../test-support/test-time.js";

const PACK = "@capkit/platform";
const spec = (name: string): CapabilitySpec => ({
  name,
  description: `${name}.`,
  inputSchema: { type: "object", properties: { tag: { type: "string" } } },
  category: "read",
});

function setup() {
  const ran: string[] = [];
  /** wait_then_echo calls by tag, each held until the test releases it. */
  const held = new Map<string, Deferred<void>>();
  const started = deferred();
  const recorded = deferred();
  const mod: CapabilityModule = {
    module: "t",
    exports: [
      {
        spec: spec("wait_then_echo"),
        impl: async (_run, a) => {
          const gate = deferred();
          held.set(String(a["tag"]), gate);
          if (held.size === 3) started.resolve();
          await gate.promise;
          ran.push(String(a["tag"]));
          return { tag: a["tag"] };
        },
      },
      { spec: spec("nothing"), impl: async () => undefined },
      { spec: spec("big_int"), impl: async () => ({ n: 1n }) },
      {
        spec: spec("record"),
        impl: async (_run, a) => (ran.push(`record:${String(a["tag"])}`), recorded.resolve(), "ok"),
      },
    ],
  };
  const registry = createCapabilityRegistry({ t: { loader: async () => mod, specs: mod.exports.map((e) => e.spec) } });
  const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
  /** Once all three held calls started, finish them in `order`, each answer through before the next. */
  const finishInOrder = async (order: readonly string[]) => {
    await started.promise;
    for (const tag of order) {
      held.get(tag)?.resolve();
      await afterPendingJobs();
    }
  };
  return { registry, run, ran, finishInOrder, recorded: recorded.promise };
}

describe("the bridge's call queue", () => {
  it("routes answers that finish out of order to the promise that asked", async () => {
    const { registry, run, ran, finishInOrder } = setup();
    const [r] = await Promise.all([
      runGuestAction({
        source: `import { wait_then_echo } from "${PACK}/t";
          export default await Promise.all([0, 1, 2].map((i) => wait_then_echo({ tag: "c" + i })));`,
        run,
        registry,
        mounted: ["t"],
      }),
      finishInOrder(["c1", "c2", "c0"]),
    ]);
    expect(r).toMatchObject({ ok: true, value: [{ tag: "c0" }, { tag: "c1" }, { tag: "c2" }] });
    expect(ran).toEqual(["c1", "c2", "c0"]);
    // The transcript lists calls as they finish; seq numbers follow the order they were made.
    expect(r.calls.map((c) => `${c.seq}:${String(c.args?.["tag"])}`)).toEqual(["2:c1", "3:c2", "1:c0"]);
  });

  it("an undefined result stays undefined; an unserialisable one is a catchable error", async () => {
    const { registry, run } = setup();
    const r = await runGuestAction({
      source: `import { nothing, big_int } from "${PACK}/t";
        let e; try { await big_int(); } catch (x) { e = x.name; }
        export default { none: (await nothing()) === undefined, e };`,
      run,
      registry,
      mounted: ["t"],
    });
    expect(r).toMatchObject({ ok: true, value: { none: true, e: "SerializationError" } });
  });

  it("a call made without awaiting, just before the action ends, still goes through invoke", async () => {
    const { registry, run, ran, recorded } = setup();
    const r = await runGuestAction({
      source: `import { record } from "${PACK}/t"; record({ tag: "late" }); export default 1;`,
      run,
      registry,
      mounted: ["t"],
    });
    expect(r).toMatchObject({ ok: true, value: 1 });
    await recorded; // the call was started before the action returned; its implementation runs
    expect(ran).toEqual(["record:late"]);
  });

  it("many calls queued in one turn are pulled in one batch and all answered", async () => {
    const { registry, run } = setup();
    const r = await runGuestAction({
      source: `import { record } from "${PACK}/t";
        const all = []; for (let i = 0; i < 500; i++) all.push(record({ tag: String(i) }));
        export default (await Promise.all(all)).length;`,
      run,
      registry,
      mounted: ["t"],
      deadlineMs: Infinity, // a test of the batch, not of the deadline
    });
    expect(r).toMatchObject({ ok: true, value: 500 });
    expect(r.calls).toHaveLength(500);
    expect(r.calls.every((c) => c.outcome === "ok")).toBe(true);
  });
});

describe("engine calls", () => {
  it("the fast path and the public-API fallback give the same results", async () => {
    const QuickJS = await getQuickJS();
    for (const hideInternals of [false, true]) {
      const rt = QuickJS.newRuntime();
      const ctx = rt.newContext();
      const hidden = (t: typeof ctx, k: string | symbol) => {
        const v: unknown = k === "ffi" ? undefined : Reflect.get(t, k, t);
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      };
      const view = hideInternals ? (new Proxy(ctx, { get: hidden }) as typeof ctx) : ctx;
      const calls = createEngineCalls(rt, view);
      const fn = ctx.unwrapResult(ctx.evalCode("(s) => s === undefined ? 'none' : s + '!'"));
      const thrower = ctx.unwrapResult(ctx.evalCode("() => { throw new RangeError('no') }"));
      const arg = ctx.newString("hi");
      const one = calls.call(fn, arg);
      const none = calls.call(fn);
      const bad = calls.call(thrower);
      expect([one.value && ctx.getString(one.value), none.value && ctx.getString(none.value)]).toEqual(["hi!", "none"]);
      expect(bad.error && ctx.dump(bad.error)).toMatchObject({ name: "RangeError", message: "no" });
      const p = ctx.unwrapResult(ctx.evalCode("Promise.resolve().then(() => 1)"));
      expect(calls.isPending(p)).toBe(true);
      expect(calls.executePendingJobs().value).toBeGreaterThan(0);
      expect(calls.isPending(p)).toBe(false);
      const failing = ctx.unwrapResult(ctx.evalCode("Promise.resolve().then(() => { throw new Error('job') })"));
      expect(calls.executePendingJobs().value).toBe(1);
      expect(calls.isPending(failing)).toBe(false);
      expect(calls.executePendingJobs().value).toBe(0);
      for (const h of [one.value, none.value, bad.error, fn, thrower, arg, p, failing]) h?.dispose();
      calls.dispose();
      ctx.dispose();
      rt.dispose();
    }
  });
});
