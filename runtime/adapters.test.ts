import { describe, expect, it } from "vitest";
import {
  bindToolAdapters,
  createCapabilityRun,
  publishPermissionGate,
  scriptedApprover,
  type CapabilitySpec,
} from "./index.js";
import { MiniTool, countingSchema } from "./test-support/mini-tool.js";
import { addNote, listNotes, runJob, sampleRegistry, totalImplRuns } from "./test-support/sample-capabilities.js";

class EchoTool extends MiniTool {
  readonly name: string = "echo";
  readonly description = "Echo the text back.";
  override jsonSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  runs = 0;
  async process(_context: unknown, params: Record<string, unknown>) {
    this.runs++;
    return { echoed: params["text"] };
  }
}
class DeleteTool extends EchoTool {
  override readonly name = "delete_everything";
}

describe("toolFromCapability / lazy / by name", () => {
  it("builds an instance of the host's own Tool class that keeps identity, needsToolCallId and the message fallback", () => {
    const { registry } = sampleRegistry();
    const a = bindToolAdapters({ Tool: MiniTool, registry });
    const tool = a.toolFromCapability(runJob, async () => "ran");
    expect(tool).toBeInstanceOf(MiniTool);
    expect([tool.name, tool.description, tool.needsToolCallId]).toEqual(["run_job", runJob.description, true]);
    expect(tool.inputSchema).toBe(runJob.inputSchema);
    expect(tool.userMessage({ _message: "Running your job" })).toBe("Running your job");
    expect(tool.userMessage({})).toBe("Running run_job");
    expect(a.toolFromCapability(listNotes, async () => 1).userMessage({ limit: 3 })).toBe("Listing 3 notes");
  });

  it("shows no schema for a spec without a zod one, unless the base takes a JSON schema there (inputSchemaAsSchema)", () => {
    const { registry } = sampleRegistry();
    const spec = { ...runJob, zodSchema: undefined };
    const plain = bindToolAdapters({ Tool: MiniTool, registry }).toolFromCapability(spec, async () => "ran");
    const json = bindToolAdapters({ Tool: MiniTool, registry, inputSchemaAsSchema: true });
    expect(plain.schema).toBeUndefined();
    expect(json.toolFromCapability(spec, async () => "ran").schema).toBe(runJob.inputSchema);
    const zodSchema = countingSchema("id");
    expect(json.toolFromCapability({ ...runJob, zodSchema }, async () => "ran").schema).toBe(zodSchema);
  });

  it("validates exactly once through the base execute; invalid input never reaches the impl", async () => {
    const schema = countingSchema("title");
    const spec: CapabilitySpec = { ...addNote, zodSchema: schema };
    let ran = 0;
    const a = bindToolAdapters({ Tool: MiniTool });
    const tool = a.toolFromCapability(
      spec,
      async (_run, args) => (ran++, args),
      createCapabilityRun({ context: {}, gate: { mode: "auto" } }),
    );
    expect(await tool.execute({}, { title: "t", _message: "m" })).toEqual({ title: "t" });
    expect(schema.calls).toBe(1);
    expect(await tool.execute({}, {})).toMatchObject({ error: "invalid_tool_arguments" });
    expect(schema.calls).toBe(2);
    expect(ran).toBe(1);
  });

  it("runOrFactory: a run is used as is, a factory gets the context, omitted builds a run gated from the context", async () => {
    const { registry, world } = sampleRegistry();
    const a = bindToolAdapters({ Tool: MiniTool, registry });
    const seen: unknown[] = [];
    const probe = async (run: {
      context: unknown;
      invoke: (n: string, x: Record<string, unknown>) => Promise<unknown>;
    }) => {
      seen.push(run.context);
      return run.invoke("add_note", { title: "nested" });
    };
    const fixed = createCapabilityRun({ context: "fixed", registry, gate: { mode: "auto" } });
    await a.toolFromCapability(listNotes, probe, fixed).process("ignored", {});
    await a
      .toolFromCapability(listNotes, probe, (ctx) =>
        createCapabilityRun({ context: `made:${String(ctx)}`, registry, gate: { mode: "auto" } }),
      )
      .process("c1", {});
    const ctx = publishPermissionGate({ name: "ctx" }, { mode: "plan" });
    const nested = await a.toolFromCapability(listNotes, probe).process(ctx, {});
    expect(seen).toEqual(["fixed", "made:c1", ctx]);
    expect(nested).toMatchObject({ error: "blocked_in_plan_mode" });
    expect(world.implRuns.get("add_note")).toBe(2);
  });

  it("lazy tools load the owning module on first call only; unknown names throw naming them", async () => {
    const { registry, world } = sampleRegistry();
    const a = bindToolAdapters({ Tool: MiniTool, registry });
    const belt = [a.toolForCapabilityName("list_notes"), a.toolFromLazyCapability(addNote)];
    expect(belt.map((t) => t.name)).toEqual(["list_notes", "add_note"]);
    expect(world.loads).toEqual([]);
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    await belt[0]!.process({}, {});
    await belt[1]!.process({}, { title: "x" });
    expect(world.loads).toEqual(["notes"]);
    expect(() => a.toolForCapabilityName("nope", run)).toThrow(/no capability named "nope"/);
  });
});

describe("capabilityFromTool + gateTools", () => {
  it("category from the old map; unlisted → external; adapter-made tools keep their spec", () => {
    const a = bindToolAdapters({ Tool: MiniTool, categories: { echo: "read" } });
    expect(a.capabilityFromTool(new EchoTool()).spec.category).toBe("read");
    expect(a.capabilityFromTool(new DeleteTool()).spec.category).toBe("external");
    expect(
      a.capabilityFromTool(new DeleteTool(), (n) => (n === "delete_everything" ? "write" : undefined)).spec.category,
    ).toBe("write");
    const fromSpec = a.toolFromCapability(runJob, async () => 1);
    expect(a.capabilityFromTool(fromSpec).spec).toBe(runJob);
  });

  it("routes every belt tool through the one ladder with one allow-set, validating once", async () => {
    const { registry, world } = sampleRegistry();
    const a = bindToolAdapters({ Tool: MiniTool, registry, categories: { echo: "read" } });
    const echo = new EchoTool();
    const del = new DeleteTool();
    const approver = scriptedApprover({ delete_everything: ["allow_for_chat"], add_note: "deny" });
    const belt = a.gateTools([echo, del, a.toolForCapabilityName("add_note")], { mode: "default", approver });
    expect(belt.every((t) => t instanceof MiniTool)).toBe(true);
    expect(await belt[0]!.execute({}, { text: "hi" })).toEqual({ echoed: "hi" });
    expect(await belt[1]!.execute({}, { text: "a" })).toEqual({ echoed: "a" });
    expect(await belt[1]!.execute({}, { text: "b" })).toEqual({ echoed: "b" });
    expect(approver.requests.map((r) => r.capability)).toEqual(["delete_everything"]);
    expect(await belt[2]!.execute({}, { title: "x" })).toMatchObject({ error: "permission_denied" }); // issue 17: no `capability` key
    expect(await belt[1]!.execute({}, {})).toMatchObject({ error: "invalid_tool_arguments" });
    expect([echo.runs, del.runs]).toEqual([1, 2]); // allowed calls ran the inner tool; the invalid one did not
    expect(totalImplRuns(world)).toBe(0);
    expect(a.gateTools(belt, { mode: "auto" })).toEqual(belt);
  });

  it("plan mode blocks a gated non-read tool; the wrapper keeps name, schema and needsToolCallId", async () => {
    const a = bindToolAdapters({ Tool: MiniTool });
    const inner = a.toolFromCapability(runJob, async () => "ran");
    const [gated] = a.gateTools([inner], { mode: "plan" });
    expect([gated!.name, gated!.needsToolCallId, gated!.inputSchema]).toEqual(["run_job", true, runJob.inputSchema]);
    expect(await gated!.execute({}, { id: "1" })).toMatchObject({ error: "blocked_in_plan_mode" });
  });
});
