/**
 * Per-call overhead of a capability call from a guest action (QuickJS facade → bridge →
 * dispatcher → run.invoke) against a direct `run.invoke` on the same run, measured in the
 * same process. The sandboxed figure subtracts an empty action (engine setup, module linking)
 * so only the per-call path is counted. Goal: under 50 µs a call. Prints ratios; never asserts.
 */
import { createCapabilityRegistry, createCapabilityRun, type CapabilityModule, type CapabilitySpec } from "../runtime/index.js";
import { runGuestAction } from "../runtime/sandbox/index.js";
import { getQuickJS } from "quickjs-emscripten";

const spec: CapabilitySpec = {
  name: "get_item",
  description: "Get an item by index.",
  inputSchema: { type: "object", properties: { index: { type: "number" } }, required: ["index"] },
  category: "read",
};
const items = Array.from({ length: 16 }, (_, i) => ({ id: i, name: `item-${i}` }));
const mod: CapabilityModule = { module: "items", exports: [{ spec, impl: async (_run, a) => items[(a["index"] as number) % items.length] }] };
const registry = createCapabilityRegistry({ items: { loader: async () => mod, specs: [spec] } });
const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" } });

const CALLS = Number(process.env["BENCH_CALLS"] ?? 20_000);
const ROUNDS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function direct(n: number): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < n; i++) await run.invoke("get_item", { index: i });
  return performance.now() - t;
}

async function sandboxed(n: number): Promise<number> {
  const source = `import { get_item } from "@capkit/platform/items";
    let last; for (let i = 0; i < ${n}; i++) last = await get_item({ index: i });
    export default last ? last.id : null;`;
  const t = performance.now();
  const r = await runGuestAction({ source, run, registry, mounted: ["items"], deadlineMs: 120_000, maxCalls: n + 1 });
  const ms = performance.now() - t;
  if (!r.ok) throw new Error(`bench action failed: ${r.error.message}`);
  return ms;
}

/** The engine's floor: a bare promise-returning host function awaited from a guest loop. */
async function rawRoundTrip(n: number): Promise<number> {
  const QuickJS = await getQuickJS();
  const rt = QuickJS.newRuntime();
  const ctx = rt.newContext();
  const fn = ctx.newFunction("h", () => {
    const d = ctx.newPromise();
    void Promise.resolve().then(() => {
      const s = ctx.newString('{"ok":true}');
      d.resolve(s);
      s.dispose();
    });
    return d.handle;
  });
  ctx.setProp(ctx.global, "h", fn);
  fn.dispose();
  const t = performance.now();
  const r = ctx.unwrapResult(ctx.evalCode(`(async () => { for (let i = 0; i < ${n}; i++) JSON.parse(await h()); })()`));
  let done = false;
  const settled = ctx.resolvePromise(r).then((x) => ((done = true), x));
  r.dispose();
  while (!done) {
    rt.executePendingJobs();
    await Promise.race([settled, Promise.resolve()]);
  }
  const ms = performance.now() - t;
  const settledResult = await settled;
  if (settledResult.error) settledResult.error.dispose();
  else settledResult.value.dispose();
  ctx.dispose();
  rt.dispose();
  return ms;
}

await rawRoundTrip(2_000);
await direct(2_000);
await sandboxed(2_000); // warm: compile the engine, JIT the paths
const directMs: number[] = [];
const sandboxMs: number[] = [];
const emptyMs: number[] = [];
const rawMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  rawMs.push(await rawRoundTrip(CALLS));
  directMs.push(await direct(CALLS));
  emptyMs.push(await sandboxed(0));
  sandboxMs.push(await sandboxed(CALLS));
}
const directUs = (median(directMs) * 1000) / CALLS;
const sandboxUs = ((median(sandboxMs) - median(emptyMs)) * 1000) / CALLS;
const overheadUs = sandboxUs - directUs;
const rawUs = (median(rawMs) * 1000) / CALLS;
const row = (label: string, value: string) => process.stdout.write(`${label.padEnd(44)}${value}\n`);
row("calls per round × rounds", `${CALLS} × ${ROUNDS} (median)`);
row("direct run.invoke", `${directUs.toFixed(2)} µs/call`);
row("empty guest action (setup, subtracted)", `${median(emptyMs).toFixed(1)} ms`);
row("guest → facade → dispatcher → invoke", `${sandboxUs.toFixed(2)} µs/call`);
row("raw QuickJS host round trip (engine floor)", `${rawUs.toFixed(2)} µs/call`);
row("ratio sandboxed / direct", `${(sandboxUs / directUs).toFixed(1)}×`);
row("ratio sandboxed / (raw round trip + direct)", `${(sandboxUs / (rawUs + directUs)).toFixed(2)}×`);
row("sandbox overhead per call", `${overheadUs.toFixed(2)} µs (goal < 50 µs: ${overheadUs < 50 ? "met" : "NOT met"})`);
