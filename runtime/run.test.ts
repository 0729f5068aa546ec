import { describe, expect, it } from "vitest";
import {
  CapabilityNotFoundError,
  createCapabilityRun,
  createInvokeTranscript,
  resolveUserMessage,
  type CapabilitySpec,
  type ZodLike,
} from "./index.js";
import { sampleRegistry, totalImplRuns } from "./test-support/sample-capabilities.js";

describe("invoke: lookup, validation, run fields", () => {
  it("host-local capabilities win over the registry; a miss throws naming the capability", async () => {
    const { registry, world } = sampleRegistry();
    const local = { spec: { ...registry.capabilitySpec("list_notes")! }, impl: async () => "local" };
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" }, capabilities: [local] });
    expect(await run.invoke("list_notes", {})).toBe("local");
    expect(world.loads).toEqual([]);
    await expect(run.invoke("nope", {})).rejects.toThrow(CapabilityNotFoundError);
    await expect(run.invoke("nope", {})).rejects.toThrow(/Unknown capability "nope"/);
  });

  it("JSON-schema validation: required fields and top-level types; invalid calls never run", async () => {
    const { registry, world } = sampleRegistry();
    const t = createInvokeTranscript();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" }, onInvoke: t.onInvoke });
    expect(await run.invoke("add_note", {})).toMatchObject({
      error: "invalid_tool_arguments",
      issues: ["title: required"],
    });
    expect(await run.invoke("add_note", { title: 3 })).toMatchObject({
      error: "invalid_tool_arguments",
      issues: ["title: expected string"],
    });
    expect(await run.invoke("add_note", [1] as never)).toMatchObject({
      error: "invalid_tool_arguments",
      issues: ["arguments: expected a plain object"],
    });
    expect(totalImplRuns(world)).toBe(0);
    expect(t.records.map((r) => r.outcome)).toEqual([
      "invalid_tool_arguments",
      "invalid_tool_arguments",
      "invalid_tool_arguments",
    ]);
  });

  it("zod-like validation wins when present, and its parsed data reaches the impl", async () => {
    const zodSchema: ZodLike = {
      safeParse: (v) =>
        typeof (v as { n?: unknown }).n === "string"
          ? { success: true, data: { n: Number((v as { n: string }).n) } }
          : { success: false, error: { issues: [{ path: ["n"], message: "Expected string" }] } },
    };
    const spec: CapabilitySpec = { name: "num", description: "d", inputSchema: {}, zodSchema, category: "read" };
    const seen: unknown[] = [];
    const run = createCapabilityRun({
      context: {},
      gate: { mode: "default" },
      capabilities: [{ spec, impl: async (_r, a) => (seen.push(a), "ok") }],
    });
    expect(await run.invoke("num", { n: 1 })).toMatchObject({
      error: "invalid_tool_arguments",
      issues: ["n: Expected string"],
    });
    expect(await run.invoke("num", { n: "7", _message: "hi" })).toBe("ok");
    expect(seen).toEqual([{ n: 7 }]);
  });

  it("_message is stripped; parent_tool_call_id survives only for needsToolCallId specs", async () => {
    const { registry } = sampleRegistry();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    expect(await run.invoke("run_job", { id: "j", _message: "m", parent_tool_call_id: "call_1" })).toEqual({
      ran: "j",
      parent: "call_1",
    });
    const captured: unknown[] = [];
    const local = createCapabilityRun({
      context: {},
      gate: { mode: "auto" },
      capabilities: [
        {
          spec: { name: "plain", description: "d", inputSchema: {}, category: "read" },
          impl: async (_r, a) => captured.push(a),
        },
      ],
    });
    await local.invoke("plain", { a: 1, _message: "m", parent_tool_call_id: "c" });
    expect(captured).toEqual([{ a: 1 }]);
  });

  it("userMessage order: caller _message, spec template, Running <name>; a throwing template falls back", () => {
    const spec = { name: "n", userMessage: (a: Record<string, unknown>) => `Doing ${String(a["x"])}` };
    expect(resolveUserMessage(spec, { _message: "Mine", x: 1 })).toBe("Mine");
    expect(resolveUserMessage(spec, { _message: "  ", x: 1 })).toBe("Doing 1");
    expect(resolveUserMessage({ name: "n" }, {})).toBe("Running n");
    expect(
      resolveUserMessage(
        {
          name: "n",
          userMessage: () => {
            throw new Error("x");
          },
        },
        {},
      ),
    ).toBe("Running n");
  });

  it("run fields reach the impl, the run threads through, nested invokes are gated again", async () => {
    const { registry, world } = sampleRegistry();
    const t = createInvokeTranscript();
    const outer: CapabilitySpec = { name: "outer", description: "d", inputSchema: {}, category: "read" };
    const run = createCapabilityRun({
      context: { user: "u1" },
      registry,
      gate: { mode: "plan" },
      examples: ["e1"],
      workflowEnvironment: { region: "eu" },
      onInvoke: t.onInvoke,
      capabilities: [
        {
          spec: outer,
          impl: async (r, _a) => ({
            user: r.context.user,
            examples: r.examples,
            env: r.workflowEnvironment,
            nested: await r.invoke("add_note", { title: "x" }),
          }),
        },
      ],
    });
    const out = (await run.invoke("outer", {})) as Record<string, unknown>;
    expect(out).toMatchObject({
      user: "u1",
      examples: ["e1"],
      env: { region: "eu" },
      nested: { error: "blocked_in_plan_mode" },
    });
    expect(totalImplRuns(world)).toBe(0);
    expect(t.records.map((r) => `${r.seq}:${r.name}:${r.outcome}`)).toEqual([
      "1:add_note:blocked_in_plan_mode",
      "2:outer:ok",
    ]);
  });

  it("an impl that throws propagates and is recorded as threw", async () => {
    const { registry } = sampleRegistry();
    const t = createInvokeTranscript();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" }, onInvoke: t.onInvoke });
    await expect(run.invoke("fetch_url", { url: "boom" })).rejects.toThrow("host exploded");
    expect(t.records[0]).toMatchObject({ outcome: "threw", implRan: true });
  });
});
