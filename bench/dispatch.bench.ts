/**
 * Per-call overhead of a capability call from a guest action (QuickJS facade → bridge queue →
 * dispatcher → run.invoke) against a direct `run.invoke` on the same run, measured in the
 * same process, rounds interleaved. The sandboxed figure subtracts an empty action (engine
 * setup, module linking) so only the per-call path is counted. Goal: under 50 µs a call.
 * Prints wall-clock and CPU-time figures (CPU time is what a quiet machine's wall clock would
 * show; on a loaded machine the wall clock also counts time spent descheduled), then a
 * breakdown of where the sandboxed call's time goes, each piece measured here. Never asserts.
 */
import { loadavg } from "node:os";
import { getQuickJS, type QuickJSContext, type QuickJSRuntime } from "quickjs-emscripten";
import {
  createCapabilityRegistry,
  createCapabilityRun,
  type CapabilityModule,
  type CapabilityRun,
  type CapabilitySpec,
} from "../runtime/index.js";
import { runGuestAction } from "../runtime/sandbox/index.js";
import { bridgeModuleSource } from "../runtime/sandbox/facade.js";

const spec: CapabilitySpec = {
  name: "get_item",
  description: "Get an item by index.",
  inputSchema: { type: "object", properties: { index: { type: "number" } }, required: ["index"] },
  category: "read",
};
const items = Array.from({ length: 16 }, (_, i) => ({ id: i, name: `item-${i}` }));
const mod: CapabilityModule = {
  module: "items",
  exports: [{ spec, impl: async (_run, a) => items[(a["index"] as number) % items.length] }],
};
const registry = createCapabilityRegistry({ items: { loader: async () => mod, specs: [spec] } });
const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" } });
/** The same run with a do-nothing invoke: what the sandbox path costs on its own. */
const noopRun: CapabilityRun = {
  ...run,
  invoke: async (_name: string, a: Record<string, unknown>) => items[(a["index"] as number) % items.length],
};

const CALLS = Number(process.env["BENCH_CALLS"] ?? 20_000);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
interface Sample {
  wall: number;
  cpu: number;
}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function timed(f: () => Promise<void> | void): Promise<Sample> {
  const c = cpuMs();
  const w = performance.now();
  await f();
  return { wall: performance.now() - w, cpu: cpuMs() - c };
}

async function direct(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await run.invoke("get_item", { index: i });
}

async function sandboxed(n: number, with_: CapabilityRun = run): Promise<void> {
  const source = `import { get_item } from "@capkit/platform/items";
    let last; for (let i = 0; i < ${n}; i++) last = await get_item({ index: i });
    export default last ? last.id : null;`;
  const r = await runGuestAction({
    source,
    run: with_,
    registry,
    mounted: ["items"],
    deadlineMs: 120_000,
    maxCalls: n + 1,
  });
  if (!r.ok) throw new Error(`bench action failed: ${r.error.message}`);
}

/** Engine-level pieces, each in a bare runtime: what one call pays inside QuickJS. */
const QuickJS = await getQuickJS();
function withContext<T>(f: (rt: QuickJSRuntime, ctx: QuickJSContext) => T): T {
  const rt = QuickJS.newRuntime();
  rt.setModuleLoader((name) => (name === "bridge" ? bridgeModuleSource() : `export {};`));
  const ctx = rt.newContext();
  try {
    return f(rt, ctx);
  } finally {
    ctx.dispose();
    rt.dispose();
  }
}
function guestLoop(n: number, body: string): void {
  withContext((rt, ctx) => {
    const r = ctx.unwrapResult(
      ctx.evalCode(
        `import { call, drain, deliver } from "bridge"; for (let i = 0; i < ${n}; i++) { ${body} }`,
        "loop.js",
        { type: "module" },
      ),
    );
    while (rt.executePendingJobs().unwrap() > 0);
    const state = ctx.getPromiseState(r);
    r.dispose();
    if (state.type === "fulfilled" && !state.notAPromise) state.value.dispose();
    if (state.type === "rejected") throw new Error(`guest loop failed: ${JSON.stringify(ctx.dump(state.error))}`);
  });
}
const ANSWER = `'[' + (i + 1) + ',1,{"id":1,"name":"item-1"}]'`;
const pieces: Record<string, (n: number) => void> = {
  "guest: whole bridge round (no crossings)": (n) =>
    guestLoop(n, `const p = call("items", "get_item", [{ index: i }]); drain(); deliver(${ANSWER}); await p;`),
  "guest: JSON.stringify of the arguments": (n) => guestLoop(n, `JSON.stringify([{ index: i }]);`),
  "guest: JSON.parse of the answer": (n) => guestLoop(n, `JSON.parse('[1,1,{"id":1,"name":"item-1"}]');`),
  "guest: new promise + await + resume": (n) => guestLoop(n, `await new Promise((r) => r(i));`),
  "host→guest: call a function with a string": (n) =>
    withContext((_rt, ctx) => {
      const fn = ctx.unwrapResult(ctx.evalCode("(s) => s"));
      for (let i = 0; i < n; i++) {
        const s = ctx.newString('[1,1,{"id":1,"name":"item-1"}]');
        ctx.unwrapResult(ctx.callFunction(fn, ctx.undefined, s)).dispose();
        s.dispose();
      }
      fn.dispose();
    }),
  "host: executePendingJobs (nothing queued)": (n) =>
    withContext((rt) => {
      for (let i = 0; i < n; i++) rt.executePendingJobs();
    }),
  "guest→host callback (the old design paid this)": (n) =>
    withContext((_rt, ctx) => {
      const h = ctx.newFunction("h", () => undefined);
      ctx.setProp(ctx.global, "h", h);
      h.dispose();
      ctx.unwrapResult(ctx.evalCode(`for (let i = 0; i < ${n}; i++) h();`)).dispose();
    }),
};

await direct(2_000);
await sandboxed(2_000); // warm: compile the engine, JIT the paths
await sandboxed(2_000, noopRun);
for (const f of Object.values(pieces)) f(2_000);

const samples = { direct: [] as Sample[], sandbox: [] as Sample[], empty: [] as Sample[], noop: [] as Sample[] };
const pieceSamples = new Map<string, Sample[]>(Object.keys(pieces).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  samples.direct.push(await timed(() => direct(CALLS)));
  samples.empty.push(await timed(() => sandboxed(0)));
  samples.sandbox.push(await timed(() => sandboxed(CALLS)));
  samples.noop.push(await timed(() => sandboxed(CALLS, noopRun)));
  for (const [name, f] of Object.entries(pieces)) pieceSamples.get(name)?.push(await timed(() => f(CALLS)));
}

type Clock = keyof Sample;
const perCall = (xs: Sample[], clock: Clock, minus: Sample[] = []) =>
  ((median(xs.map((x) => x[clock])) - (minus.length ? median(minus.map((x) => x[clock])) : 0)) * 1000) / CALLS;
const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(48)}${value}\n`);
const pair = (f: (clock: Clock) => number, unit = "µs/call") =>
  `${f("wall").toFixed(2).padStart(7)} wall  ${f("cpu").toFixed(2).padStart(7)} cpu  ${unit}`;

const directUs = (c: Clock) => perCall(samples.direct, c);
const sandboxUs = (c: Clock) => perCall(samples.sandbox, c, samples.empty);
const noopUs = (c: Clock) => perCall(samples.noop, c, samples.empty);
const overheadUs = (c: Clock) => sandboxUs(c) - directUs(c);

row("calls per round × rounds", `${CALLS} × ${ROUNDS} (median), load average ${loadavg()[0]?.toFixed(2)}`);
row("direct run.invoke", pair(directUs));
row("empty guest action (setup, subtracted)", `${median(samples.empty.map((x) => x.wall)).toFixed(1)} ms`);
row("guest → facade → dispatcher → invoke", pair(sandboxUs));
row(
  "ratio sandboxed / direct",
  `${(sandboxUs("wall") / directUs("wall")).toFixed(1)}× wall, ${(sandboxUs("cpu") / directUs("cpu")).toFixed(1)}× cpu`,
);
row("sandbox overhead per call", pair(overheadUs, "µs"));
for (const clock of ["wall", "cpu"] as const) {
  const v = overheadUs(clock);
  row(
    `  goal < 50 µs (${clock === "wall" ? "wall clock" : "CPU time"})`,
    `${v.toFixed(2)} µs: ${v < 50 ? "met" : "NOT met"}`,
  );
}
process.stdout.write("\nwhere a sandboxed call's time goes (each measured in this run):\n");
row("  same path with a no-op invoke (the sandbox alone)", pair(noopUs));
for (const [name, xs] of pieceSamples)
  row(
    `  ${name}`,
    pair((c) => perCall(xs, c)),
  );
row(
  "  invoke inside the sandbox (path − no-op path)",
  pair((c) => sandboxUs(c) - noopUs(c)),
);
