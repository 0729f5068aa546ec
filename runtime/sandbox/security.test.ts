/**
 * Hostile guests. Every test runs with implementation counters and the invoke transcript, and
 * ends by proving: no implementation ran without a gate pass that allowed it, no runtime leaked,
 * and the host still runs a normal action afterwards.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createCapabilityRun, createInvokeTranscript, scriptedApprover } from "../index.js";
import { createCapabilityDispatcher, createSandboxClock, runGuestAction, sandboxDiagnostics } from "./index.js";
import { sampleRegistry, totalImplRuns } from "../test-support/sample-capabilities.js";
import { steppingTime } from "../test-support/test-time.js";

const PACK = "@capkit/platform";
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
process.on("unhandledRejection", onUnhandled);
afterAll(() => void process.off("unhandledRejection", onUnhandled));

/**
 * Default mode, every approval denied: only read-class implementations may ever run. No
 * deadline unless a test is about one: an action that must finish on its own then finishes on
 * any machine, however slow, and a test of one limit cannot be ended by another.
 */
function hostile() {
  const { registry, world } = sampleRegistry();
  const t = createInvokeTranscript();
  const run = createCapabilityRun({
    context: {},
    registry,
    gate: { mode: "default", approver: scriptedApprover() },
    onInvoke: t.onInvoke,
  });
  const act = (source: string, extra: Partial<Parameters<typeof runGuestAction>[0]> = {}) =>
    runGuestAction({ source, run, registry, mounted: ["notes", "ops"], deadlineMs: Infinity, ...extra });
  return { registry, world, run, records: t.records, act };
}

const leaksBefore = sandboxDiagnostics().disposalFailures;

async function expectGatedAndAlive(h: ReturnType<typeof hostile>): Promise<void> {
  const allowedRuns = h.records.filter((r) => r.implRan).length;
  expect(totalImplRuns(h.world)).toBe(allowedRuns);
  for (const r of h.records.filter((x) => x.implRan)) expect(r.category).toBe("read");
  for (const name of ["add_note", "run_job", "fetch_url"]) expect(h.world.implRuns.get(name)).toBeUndefined();
  const after = await h.act(`import { list_notes } from "${PACK}/notes"; export default (await list_notes()).length;`);
  expect(after).toMatchObject({ ok: true, value: 1 });
  expect(sandboxDiagnostics().disposalFailures).toBe(leaksBefore);
  expect(unhandled).toEqual([]);
}

describe("hostile guest actions", () => {
  // A loop that never ends reaches a real-time deadline on any machine: nothing else can end it.
  it("an endless synchronous loop is interrupted by the deadline", async () => {
    const h = hostile();
    expect(await h.act("for (;;) {} export default 1;", { deadlineMs: 300 })).toMatchObject({
      ok: false,
      error: { kind: "deadline" },
    });
    await expectGatedAndAlive(h);
  });

  it("an endless microtask loop and a loop between capability calls are interrupted", async () => {
    const h = hostile();
    expect(
      await h.act("const spin = async () => { for (;;) await 0; }; export default await spin();", { deadlineMs: 300 }),
    ).toMatchObject({ ok: false, error: { kind: "deadline" } });
    // No call budget, so only the deadline can end this loop; its clock moves each time it is
    // read, so the loop reaches it after a fixed number of rounds, however fast calls are.
    const between = await h.act(
      `import { list_notes } from "${PACK}/notes"; for (;;) { await list_notes(); } export default 1;`,
      {
        clock: createSandboxClock(300, steppingTime()),
        maxCalls: Infinity,
      },
    );
    expect(between).toMatchObject({ ok: false, error: { kind: "deadline" } });
    expect(between.calls.length).toBeGreaterThan(0);
    await expectGatedAndAlive(h);
  });

  it("memory bombs are capped (many strings, one huge string, deep recursion)", async () => {
    const h = hostile();
    const cap = { memoryLimitBytes: 24 * 1024 * 1024 };
    expect(
      await h.act('const a = []; for (;;) a.push("x".repeat(4096) + a.length); export default 1;', cap),
    ).toMatchObject({ ok: false, error: { kind: "memory" } });
    expect(await h.act('export default "x".repeat(2 ** 27).length;', cap)).toMatchObject({
      ok: false,
      error: { kind: "memory" },
    });
    const deep = await h.act("const f = (n) => f(n + 1) + 1; export default f(0);", cap);
    expect(deep).toMatchObject({ ok: false, error: { kind: "stack" } });
    await expectGatedAndAlive(h);
  });

  const tricks = [
    `JSON.stringify = () => '["forged"]';`,
    `JSON.parse = () => ({ ok: true, value: "forged" });`,
    "Array.isArray = () => false;",
    "Object.prototype.toJSON = function () { return { title: 'forged' }; };",
    'Object.defineProperty(Object.prototype, "ok", { get() { return true; } });',
    'Function.prototype.call = () => "hijacked"; Function.prototype.apply = () => "hijacked";',
    "Promise.prototype.then = function () { return Promise.resolve('hijacked'); };",
    "globalThis.Error = function () { return { name: 'x', message: 'forged' }; };",
  ];
  it(`${tricks.length} prototype tricks cannot redirect the bridge or skip the gate`, async () => {
    const h = hostile();
    for (const trick of tricks) {
      const r =
        await h.act(`import { add_note, list_notes } from "${PACK}/notes"; import { run_job } from "${PACK}/ops";
        ${trick}
        const out = [];
        for (const f of [() => add_note({ title: "x" }), () => run_job({ id: "1" }), () => list_notes()]) {
          try { out.push(await f()); } catch (e) { out.push(String(e && e.message)); }
        }
        export default out;`);
      // A guest can break its own evaluation (a hijacked then ends it early; a toJSON on every
      // object turns its argument arrays into objects, which the dispatcher rejects), never the
      // host's answers: only the read-class capability ever ran.
      expect({ trick, ok: r.ok, error: r.ok ? undefined : r.error }).toEqual({ trick, ok: true, error: undefined });
      for (const c of r.calls) expect(c.outcome === "ok" ? c.export : "not run").toMatch(/^(list_notes|not run)$/);
    }
    await expectGatedAndAlive(h);
  });

  it("argument tricks (getters, cycles, functions, symbols) never reach an impl unvalidated", async () => {
    const h = hostile();
    const r = await h.act(`import { list_notes, add_note } from "${PACK}/notes";
      const cyc = {}; cyc.self = cyc; const out = [];
      const attempts = [() => list_notes(cyc), () => list_notes({ get limit() { throw new Error("getter"); } }),
        () => list_notes(() => 1), () => list_notes(Symbol("s")), () => list_notes({ limit: "many" }),
        () => add_note({ title: { toString() { return "x"; } } }), () => list_notes(1, 2, 3)];
      for (const a of attempts) { try { out.push(await a()); } catch (e) { out.push("threw:" + e.message); } }
      export default out;`);
    expect(r.ok).toBe(true);
    const value = r.ok ? (r.value as unknown[]) : [];
    expect(value).toHaveLength(7);
    expect(value[4]).toMatch(/^threw:list_notes: Invalid arguments for list_notes: limit/); // a refusal throws in the guest
    expect(value[6]).toMatch(/threw:.*takes one object argument/);
    await expectGatedAndAlive(h);
  });

  it("a thrown host error crosses as a value: the guest catches it, no host promise rejects", async () => {
    const { registry, world } = sampleRegistry();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    const r = await runGuestAction({
      source: `import { fetch_url } from "${PACK}/ops"; let m; try { await fetch_url({ url: "boom" }); } catch (e) { m = e.message; } export default m;`,
      run,
      registry,
      mounted: ["ops"],
    });
    expect(r).toMatchObject({ ok: true, value: "host exploded" });
    expect(r.calls[0]).toMatchObject({ outcome: "error", error: { message: "host exploded" } });
    expect(world.implRuns.get("fetch_url")).toBe(1);
    expect(unhandled).toEqual([]);
  });

  it("5,000 forged dispatcher calls (non-string modules/exports, non-array args): 0 ungated implementation runs", async () => {
    const h = hostile();
    const d = createCapabilityDispatcher(h.run, ["notes", "ops"], h.registry);
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const values: unknown[] = [
      42,
      null,
      undefined,
      {},
      [],
      "notes",
      "ops",
      "other",
      "__proto__",
      "constructor",
      "list_notes",
      "add_note",
      "run_job",
      "fetch_url",
      "toString",
      NaN,
      { length: 1 },
      ["notes"],
      true,
    ];
    const argsPool: unknown[] = [
      [],
      [{}],
      [{ limit: 1 }],
      [{ title: "x" }],
      [{ id: "1" }],
      [{ url: "boom" }],
      {},
      "[]",
      null,
      undefined,
      7,
      [1, 2, 3],
      [{ limit: "x" }],
      [null],
    ];
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const env = await d.call(pick(values), pick(values), pick(argsPool));
      expect(typeof env.ok).toBe("boolean");
    }
    for (const c of d.transcript) outcomes.set(c.outcome, (outcomes.get(c.outcome) ?? 0) + 1);
    expect(d.transcript).toHaveLength(5000);
    expect(
      (outcomes.get("rejected") ?? 0) +
        (outcomes.get("ok") ?? 0) +
        (outcomes.get("refused") ?? 0) +
        (outcomes.get("error") ?? 0),
    ).toBe(5000);
    expect(outcomes.get("rejected")).toBeGreaterThan(4000);
    await expectGatedAndAlive(h);
  });

  it("3,000 random calls from inside one guest action: 0 ungated implementation runs, host alive", async () => {
    const h = hostile();
    const r = await h.act(`import * as notes from "${PACK}/notes"; import * as ops from "${PACK}/ops";
      let s = 11; const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
      const fns = [notes.list_notes, notes.add_note, ops.run_job, ops.fetch_url];
      const args = [[], [{}], [{ limit: 1 }], [{ title: "t" }], [{ id: "j" }], [{ url: "u" }], [1], ["a", "b", "c"], [null], [{ limit: "z" }]];
      let ok = 0, threw = 0;
      for (let i = 0; i < 3000; i++) {
        const f = fns[Math.floor(rnd() * fns.length)]; const a = args[Math.floor(rnd() * args.length)];
        try { await f(...a); ok++; } catch { threw++; }
      }
      export default { ok, threw };`);
    expect(r.ok).toBe(true);
    const value = r.ok ? (r.value as { ok: number; threw: number }) : { ok: 0, threw: 0 };
    expect(value.ok + value.threw).toBe(3000);
    expect(r.calls).toHaveLength(3000);
    await expectGatedAndAlive(h);
  });

  it("a call budget caps how many capability calls one action may make", async () => {
    const h = hostile(); // no deadline: only the budget can end this loop
    const r = await h.act(
      `import { list_notes } from "${PACK}/notes"; let n = 0, err;
      try { for (;;) { await list_notes(); n++; } } catch (e) { err = e.name; } export default { n, err };`,
      { maxCalls: 50 },
    );
    expect(r).toMatchObject({ ok: true, value: { n: 50, err: "CallBudgetExceeded" } });
    await expectGatedAndAlive(h);
  });
});
