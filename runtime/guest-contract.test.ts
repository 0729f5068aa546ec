/**
 * Issue 17: the guest contract of a sandboxed action, pinned in its new behaviour — the default
 * export, the reference's argument folding, zod coercion of scalar strings, and an
 * implementation's own { error } payload (a throw, or a value when asked).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCapabilityRegistry, createCapabilityRun, type CapabilityModule, type CapabilitySpec } from "./index.js";
import { runGuestAction } from "./sandbox/index.js";

const PACK = "@capkit/platform";
const getWorkflow: CapabilitySpec = {
  name: "get_workflow",
  description: "Get a workflow.",
  inputSchema: {
    type: "object",
    properties: { workflow_id: { type: "string" }, depth: { type: "number" }, include_nodes: { type: "boolean" } },
    required: ["workflow_id"],
  },
  zodSchema: z.object({ workflow_id: z.string(), depth: z.number().optional(), include_nodes: z.boolean().optional() }),
  category: "read",
};
const saveAsset: CapabilitySpec = {
  name: "save_asset",
  description: "Save an asset.",
  inputSchema: {
    type: "object",
    properties: { name: { type: "string" }, source: { type: "string" }, size: { type: "integer" } },
    required: ["name", "source"],
  },
  category: "read",
};
const failing: CapabilitySpec = {
  name: "find_model",
  description: "Find.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

function guestSetup() {
  const seen: Record<string, Record<string, unknown>> = {};
  const mod: CapabilityModule = {
    module: "wf",
    exports: [
      { spec: getWorkflow, impl: async (_r, a) => ((seen["get_workflow"] = a), { id: a["workflow_id"] }) },
      { spec: saveAsset, impl: async (_r, a) => ((seen["save_asset"] = a), { saved: a["name"] }) },
      { spec: failing, impl: async () => ({ error: "not_found", message: "no model matches" }) },
    ],
  };
  const registry = createCapabilityRegistry({ wf: { loader: async () => mod, specs: mod.exports.map((e) => e.spec) } });
  const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
  return { registry, run, seen };
}

describe("the guest contract", () => {
  it("default export, the reference's argument folding, and zod coercion of scalar strings", async () => {
    const { registry, run, seen } = guestSetup();
    const r = await runGuestAction({
      source: `import wf from "${PACK}/wf";
        const out = {};
        out.id = await wf.get_workflow({ id: "w1" });
        out.snake = await wf.get_workflow({ workflowId: "w2", includeNodes: "true", depth: "5" });
        out.lead = await wf.save_asset("reel.mp4", { source: "s1", size: "3" });
        out.leadIgnored = await wf.save_asset("ignored", { name: "kept", source: "s2" });
        out.merged = await wf.save_asset({ name: "m" }, { source: "s3" });
        try { await wf.save_asset({ name: "n" }); } catch (e) { out.missing = e.message; }
        try { await wf.get_workflow(1, 2); } catch (e) { out.positional = e.message; }
        export default out;`,
      run,
      registry,
      mounted: ["wf"],
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        id: { id: "w1" },
        snake: { id: "w2" },
        lead: { saved: "reel.mp4" },
        leadIgnored: { saved: "kept" },
        merged: { saved: "m" },
        missing: "save_asset: missing required argument source; the call passed name.",
        positional: expect.stringMatching(/^get_workflow takes one object argument/),
      },
    });
    expect(seen["get_workflow"]).toEqual({ workflow_id: "w2", include_nodes: true, depth: 5 });
    expect(seen["save_asset"]).toEqual({ name: "m", source: "s3" });
  });

  it("an implementation's own { error } payload throws a CapabilityError with its code; the value form is an option", async () => {
    const { registry, run } = guestSetup();
    const source = `import { find_model } from "${PACK}/wf";
      let out; try { out = await find_model(); } catch (e) { out = { name: e.name, code: e.code, message: e.message }; }
      export default out;`;
    const thrown = await runGuestAction({ source, run, registry, mounted: ["wf"] });
    expect(thrown).toMatchObject({
      ok: true,
      value: { name: "CapabilityError", code: "not_found", message: "find_model: no model matches" },
    });
    expect(thrown.calls[0]).toMatchObject({ outcome: "error", error: { code: "not_found" } });
    const asValue = await runGuestAction({ source, run, registry, mounted: ["wf"], errorPayloads: "value" });
    expect(asValue).toMatchObject({ ok: true, value: { error: "not_found", message: "no model matches" } });
  });
});
