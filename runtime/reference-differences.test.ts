/**
 * Issue 17: each difference from the reference that broke a migrated host, pinned in its new
 * behaviour — payload keys, the tool-call id key, categories from the host's map, context.signal,
 * headless adapters (the guest contract is pinned in guest-contract.test.ts).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  bindToolAdapters,
  createCapabilityRun,
  gateFromContext,
  nodetoolPreset,
  resetHeadlessWarnings,
  type CapabilitySpec,
} from "./index.js";
import { createSandboxClock, runGuestAction } from "./sandbox/index.js";
import { NT_CATEGORIES, NT_GATE_KEY, NtContext, NtTool, ntGate } from "./test-support/reference-host.js";
import { sampleRegistry } from "./test-support/sample-capabilities.js";

const PACK = "@capkit/platform";

describe("payloads are the reference's by default", () => {
  it("refusals are { error, message }; capkit's capability field only with payloadExtras; wording can be the host's", async () => {
    const { registry } = sampleRegistry();
    const plain = createCapabilityRun({ context: {}, registry, gate: { mode: "plan" } });
    expect(Object.keys((await plain.invoke("add_note", { title: "x" })) as object)).toEqual(["error", "message"]);
    const extras = createCapabilityRun({ context: {}, registry, gate: { mode: "plan", payloadExtras: true } });
    expect(await extras.invoke("add_note", { title: "x" })).toMatchObject({
      error: "blocked_in_plan_mode",
      capability: "add_note",
    });
    const own = createCapabilityRun({
      context: {},
      registry,
      gate: {
        mode: "plan",
        refusalMessages: { blocked_in_plan_mode: (i) => `Cannot run ${i.capability} in plan mode` },
      },
    });
    expect(await own.invoke("add_note", { title: "x" })).toEqual({
      error: "blocked_in_plan_mode",
      message: "Cannot run add_note in plan mode",
    });
  });

  it("invalid arguments: { error, message: 'Invalid arguments for <name>: …', issues }", async () => {
    const { registry } = sampleRegistry();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    expect(await run.invoke("add_note", { title: 5 })).toEqual({
      error: "invalid_tool_arguments",
      message: "Invalid arguments for add_note: title: expected string",
      issues: ["title: expected string"],
    });
  });
});

class Spawn extends NtTool {
  readonly name = "nt_spawn";
  readonly description = "Run a child loop whose cards nest under this call.";
  override readonly needsToolCallId = true;
  override get schema() {
    return z.object({ task: z.string() });
  }
  seen: Record<string, unknown>[] = [];
  async process(_c: NtContext, params: Record<string, unknown>) {
    this.seen.push(params);
    return { nested_under: params["_tool_call_id"] ?? null };
  }
}

describe("the tool-call id, the host's categories, context.signal", () => {
  it("gateTools hands _tool_call_id from execute's { toolCallId } to a needsToolCallId tool, through a zod schema", async () => {
    const adapters = bindToolAdapters({ Tool: NtTool, ...nodetoolPreset(NT_CATEGORIES) });
    const spawn = new Spawn();
    const [gated] = adapters.gateTools([spawn], { mode: "auto" });
    expect(await gated!.execute!(new NtContext(), { task: "t" }, { toolCallId: "call-7" })).toEqual({
      nested_under: "call-7",
    });
    expect(await gated!.execute!(new NtContext(), { task: "t", _tool_call_id: "call-8" })).toEqual({
      nested_under: "call-8",
    });
    expect(spawn.seen).toEqual([
      { task: "t", _tool_call_id: "call-7" },
      { task: "t", _tool_call_id: "call-8" },
    ]);
  });

  it("both id keys survive validation only for specs that need them", async () => {
    const { registry } = sampleRegistry();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    expect(await run.invoke("run_job", { id: "j", _tool_call_id: "c1" })).toEqual({ ran: "j", parent: null });
    const seen: Record<string, unknown>[] = [];
    const spec: CapabilitySpec = {
      name: "child",
      description: "d",
      inputSchema: { type: "object", properties: {} },
      category: "read",
      needsToolCallId: true,
    };
    const plain: CapabilitySpec = { ...spec, name: "plain", needsToolCallId: false };
    const local = createCapabilityRun({
      context: {},
      gate: { mode: "auto" },
      capabilities: [spec, plain].map((s) => ({ spec: s, impl: async (_r, a) => (seen.push(a), null) })),
    });
    await local.invoke("child", { _tool_call_id: "c2" });
    await local.invoke("plain", { _tool_call_id: "c3", parent_tool_call_id: "c4" });
    expect(seen).toEqual([{ _tool_call_id: "c2" }, {}]);
  });

  it("capabilityFromTool classifies by the host's map; without one, by the tool's own category, else external with a warning", () => {
    const spawn = new Spawn();
    expect(
      bindToolAdapters({ Tool: NtTool, ...nodetoolPreset(NT_CATEGORIES) }).capabilityFromTool(spawn).spec.category,
    ).toBe("read");
    const warnings: string[] = [];
    const bare = bindToolAdapters({ Tool: NtTool, warn: (m) => warnings.push(m) });
    expect(bare.capabilityFromTool(Object.assign(new Spawn(), { category: "write" })).spec.category).toBe("write");
    expect(bare.capabilityFromTool(spawn).spec.category).toBe("external");
    bare.capabilityFromTool(spawn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/nt_spawn.*no categories map was bound.*bindToolAdapters\(\{ Tool, categories \}\)/);
  });

  it("a read in the host's map runs in plan mode through gateTools (it is not classed external)", async () => {
    const adapters = bindToolAdapters({ Tool: NtTool, ...nodetoolPreset(NT_CATEGORIES) });
    const [gated] = adapters.gateTools([new Spawn()], { mode: "plan" });
    expect(await gated!.execute!(new NtContext(), { task: "t" })).toEqual({ nested_under: null });
  });

  it("an abort on context.signal stops the call before the implementation", async () => {
    const { registry, world } = sampleRegistry();
    const ac = new AbortController();
    const context = new NtContext(ac.signal);
    context.set(NT_GATE_KEY, ntGate("auto").options);
    const run = createCapabilityRun({ context, registry, ...nodetoolPreset(NT_CATEGORIES) });
    expect(await run.invoke("add_note", { title: "a" })).toEqual({ added: "a" });
    ac.abort();
    expect(await run.invoke("add_note", { title: "b" })).toMatchObject({ error: "aborted" });
    expect(world.implRuns.get("add_note")).toBe(1);
  });
});

describe("NodeTool's call shapes", () => {
  it("gateFromContext(context, hostName) names the host; a Tool built from a spec folds camelCase keys like invoke", async () => {
    resetHeadlessWarnings();
    const warnings: string[] = [];
    const proc = globalThis.process;
    const original = proc.emitWarning;
    proc.emitWarning = ((m: string) => void warnings.push(m)) as typeof proc.emitWarning;
    try {
      expect(gateFromContext(new NtContext(), "nodetool-cli").mode).toBe("auto");
    } finally {
      proc.emitWarning = original;
    }
    expect(warnings[0]).toMatch(/^capkit: nodetool-cli: no permission gate was published/);
    const seen: Record<string, unknown>[] = [];
    const spec: CapabilitySpec = {
      name: "get_job",
      description: "d",
      inputSchema: { type: "object", properties: { job_id: { type: "string" } } },
      category: "read",
    };
    const tool = bindToolAdapters({ Tool: NtTool }).toolFromCapability(spec, async (_r, a) => (seen.push(a), "ok"));
    await tool.execute!(new NtContext(), { jobId: "j9" });
    expect(seen).toEqual([{ job_id: "j9" }]);
  });
});

describe("NodeTool's clock in a guest action", () => {
  it("an approval suspends both the host's clock and the action's own budget", async () => {
    const { registry } = sampleRegistry();
    const actionClock = createSandboxClock(60_000);
    const host = ntGate("default", { add_note: "allow" });
    const seen: boolean[] = [];
    const options = {
      ...host.options,
      requestApproval: async (r: Parameters<typeof host.options.requestApproval>[0]) => (
        seen.push(actionClock.suspended, host.suspended()),
        host.options.requestApproval(r)
      ),
    };
    const run = createCapabilityRun({ context: {}, registry, gate: options });
    const r = await runGuestAction({
      source: `import { add_note } from "${PACK}/notes"; export default await add_note({ title: "t" });`,
      run,
      registry,
      mounted: ["notes"],
      clock: actionClock,
    });
    expect(r).toMatchObject({ ok: true, value: { added: "t" } });
    expect(seen).toEqual([true, true]);
    expect([actionClock.suspended, host.suspended()]).toEqual([false, false]);
    // after the action the gate no longer touches that action's clock
    await run.invoke("add_note", { title: "u" });
    expect(seen).toEqual([true, true, false, true]);
  });
});

describe("headless, as the design says, in the adapters' default run", () => {
  const tidy: CapabilitySpec = {
    name: "tidy_notes",
    description: "Tidy.",
    inputSchema: { type: "object", properties: {} },
    category: "read",
  };

  it("a composite Tool's nested write runs with no gate published (auto), and is denied under deny-all", async () => {
    resetHeadlessWarnings();
    const { registry, world } = sampleRegistry();
    const warnings: string[] = [];
    const impl = async (run: { invoke: (n: string, a: Record<string, unknown>) => Promise<unknown> }) =>
      run.invoke("add_note", { title: "summary" });
    const auto = bindToolAdapters({
      Tool: NtTool,
      registry,
      contextGate: { host: "cli", warn: (m) => warnings.push(m) },
    });
    expect(await auto.toolFromCapability(tidy, impl).execute!(new NtContext(), {})).toEqual({ added: "summary" });
    const strict = bindToolAdapters({
      Tool: NtTool,
      registry,
      contextGate: { host: "cli-strict", headless: "deny-all", warn: (m) => warnings.push(m) },
    });
    expect(await strict.toolFromCapability(tidy, impl).execute!(new NtContext(), {})).toMatchObject({
      error: "permission_denied",
    });
    expect(world.implRuns.get("add_note")).toBe(1);
    expect(warnings[0]).toMatch(/cli: no permission gate was published.*runs calls as in auto mode/);
    expect(warnings[1]).toMatch(/cli-strict: .*denies every call needing approval/);
  });
});
