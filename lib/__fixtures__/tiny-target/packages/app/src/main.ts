// A migrated-looking module: imports a sibling workspace package, zod (through it) and
// capkit/runtime, none of which exist in a node_modules next to this tree.
import { greet } from "@tiny/core";
import { createCapabilityRegistry, createCapabilityRun, type CapabilityModule, type CapabilitySpec } from "capkit/runtime";
import { helper } from "./helper.js";

const spec: CapabilitySpec = { name: "greet", description: "Greet someone.", inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] }, category: "read" };
const mod: CapabilityModule = { module: "people", exports: [{ spec, impl: async (_run, args) => greet(String(args["name"])) }] };

export async function report(): Promise<unknown> {
  const registry = createCapabilityRegistry({ people: { loader: async () => mod, specs: [spec] } });
  const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" } });
  return { greeting: await run.invoke("greet", { name: "tmp" }), helper: helper(), drift: registry.checkSpecDrift() };
}
