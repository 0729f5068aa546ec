import { createCapabilityRegistry, createCapabilityRun } from "./runtime/index.ts";
import { runGuestAction } from "./runtime/sandbox/index.ts";
const spec = { name: "get_item", description: "d", inputSchema: { type: "object", properties: { index: { type: "number" } } }, category: "read" as const };
const registry = createCapabilityRegistry({ items: { loader: async () => ({ module: "items", exports: [{ spec, impl: async () => 1 }] }), specs: [spec] } });
const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" } });
for (let i = 0; i < 3; i++) {
const t = performance.now();
const r = await runGuestAction({ source: `import { get_item } from "@capkit/platform/items"; for (let i = 0; i < 10000; i++) await get_item({ index: i }); export default 1;`, run, registry, mounted: ["items"], deadlineMs: 100000, maxCalls: 1e6 });
console.log(r.ok, (performance.now() - t) * 1000 / 10000);
}
