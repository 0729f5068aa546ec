/**
 * End to end with the fixture's own classes: the fixture's Tool subclasses are exposed through
 * capabilityFromTool (as a mounted module) and through gateTools (as a gated belt), both doors
 * run the one ladder in invoke, and a guest action drives the first door.
 */
import { describe, expect, it } from "vitest";
import { ProcessingContext } from "../fixtures/nodetool-mini/packages/agents/src/context.js";
import { Tool } from "../fixtures/nodetool-mini/packages/agents/src/tools/base-tool.js";
import {
  ForgetTool,
  RecallTool,
  RememberTool,
} from "../fixtures/nodetool-mini/packages/agents/src/tools/memory-tools.js";
import {
  PERMISSION_GATE_CONTEXT_KEY as FIXTURE_GATE_KEY,
  TOOL_PERMISSION_CATEGORIES,
  type GateOptions,
} from "../fixtures/nodetool-mini/packages/agents/src/tools/tool-permissions.js";
import {
  bindToolAdapters,
  createCapabilityRegistry,
  createCapabilityRun,
  createInvokeTranscript,
  createPermissionGate,
  gateFromContext,
  publishPermissionGate,
  scriptedApprover,
} from "./index.js";
import { runGuestAction } from "./sandbox/index.js";

const PACK = "@nodetool-ai/sandbox-nodetool";
const adapters = bindToolAdapters({ Tool, categories: TOOL_PERMISSION_CATEGORIES });
const memoryTools = () => [new RememberTool(), new RecallTool(), new ForgetTool()];
const script = () => scriptedApprover({ remember: "allow", forget: "deny" });

describe("fixture tools through the runtime", () => {
  it("gateTools wraps the fixture's Tool subclasses into fixture Tools that run the ladder", async () => {
    const context = new ProcessingContext({ userId: "u1" });
    const approver = script();
    const belt = adapters.gateTools(memoryTools(), { mode: "default", approver });
    expect(belt.every((t) => t instanceof Tool)).toBe(true);
    expect(belt.map((t) => t.toProviderTool().name)).toEqual(["remember", "recall", "forget"]);
    const [remember, recall, forget] = belt;
    expect(await remember!.execute(context, { key: "k", value: "v", _message: "Noting k" })).toMatchObject({
      key: "k",
      replaced: false,
    });
    expect(await recall!.execute(context, {})).toEqual({ entries: [{ key: "k", value: "v" }] });
    expect(await forget!.execute(context, { key: "k" })).toMatchObject({ error: "permission_denied" });
    expect(await remember!.execute(context, {})).toMatchObject({ error: "invalid_tool_arguments" });
    expect(approver.requests.map((r) => [r.capability, r.message])).toEqual([
      ["remember", "Noting k"],
      ["forget", "Running forget"],
    ]);
    expect(context.memory.all()).toHaveLength(1);
  });

  it("a guest action drives the fixture's tools mounted as a capability module, with the same outcomes", async () => {
    const context = new ProcessingContext({ userId: "u1" });
    const registry = createCapabilityRegistry({ memory: adapters.toolsAsCapabilityModule("memory", memoryTools()) });
    expect(registry.categorySnapshot()).toEqual({ forget: "write", recall: "read", remember: "write" });
    const approver = script();
    const t = createInvokeTranscript();
    const run = createCapabilityRun({ context, registry, gate: { mode: "default", approver }, onInvoke: t.onInvoke });
    const r = await runGuestAction({
      source: `import { remember, recall, forget } from "${PACK}/memory";
        const saved = await remember({ key: "k", value: "v" });
        const caught = async (p) => { try { return await p; } catch (e) { return { error: e.code, name: e.name }; } };
        export default { saved, all: await recall(), denied: await caught(forget("k")), bad: await caught(remember({ key: 1, value: "v" })) };`,
      run,
      registry,
      mounted: ["memory"],
      pack: PACK,
    });
    expect(r).toMatchObject({
      ok: true,
      // Issue 17: refusals throw a CapabilityRefusal carrying the code in the guest.
      value: {
        saved: { key: "k", replaced: false },
        all: { entries: [{ key: "k", value: "v" }] },
        denied: { error: "permission_denied", name: "CapabilityRefusal" },
        bad: { error: "invalid_tool_arguments", name: "CapabilityRefusal" },
      },
    });
    expect(t.records.map((x) => `${x.name}:${x.outcome}:${x.prompted ? "prompted" : "silent"}`)).toEqual([
      "remember:ok:prompted",
      "recall:ok:silent",
      "forget:permission_denied:prompted",
      "remember:invalid_tool_arguments:silent",
    ]);
    expect(r.calls.map((c) => c.outcome)).toEqual(["ok", "ok", "refused", "refused"]);
    expect(context.memory.all()).toHaveLength(1);
  });

  it("a gate published on the fixture's context reaches code the host never built", async () => {
    const context = new ProcessingContext({ userId: "u1" });
    publishPermissionGate(context, { mode: "plan" });
    expect(context.lookup("__capkitPermissionGate")).toMatchObject({ mode: "plan" });
    expect(gateFromContext(context).mode).toBe("plan");
    const lazyRegistry = createCapabilityRegistry({
      memory: adapters.toolsAsCapabilityModule("memory", memoryTools()),
    });
    const bound = bindToolAdapters({ Tool, registry: lazyRegistry });
    const remember = bound.toolForCapabilityName("remember");
    expect(remember).toBeInstanceOf(Tool);
    const [gated] = bound.gateTools([remember], createPermissionGate({ mode: "plan" }));
    expect(await gated!.execute(context, { key: "a", value: "b" })).toMatchObject({ error: "blocked_in_plan_mode" });
    const nested = createCapabilityRun({ context, registry: lazyRegistry });
    expect(await nested.invoke("remember", { key: "a", value: "b" })).toMatchObject({ error: "blocked_in_plan_mode" });
    expect(context.memory.all()).toHaveLength(0);
  });

  it("honours Tool-era gate options a host still publishes under its own key (approver, monitor, suspendClock)", async () => {
    const context = new ProcessingContext({ userId: "u1" });
    const events: string[] = [];
    const legacy: GateOptions = {
      mode: "default",
      approver: async (req) => (events.push(`ask:${req.toolName}:${req.message}`), "allow"),
      monitor: {
        review: async (call) => (events.push(`review:${call.toolName}`), { verdict: "block", reason: "looks risky" }),
      },
      suspendClock: () => (events.push("suspend"), () => events.push("resume")),
    };
    context.publish(FIXTURE_GATE_KEY, legacy);
    const registry = createCapabilityRegistry({ memory: adapters.toolsAsCapabilityModule("memory", memoryTools()) });
    const run = createCapabilityRun({ context, registry, contextGate: { keys: [FIXTURE_GATE_KEY] } });
    expect(run.gate.headless).toBe(false);
    const out = await run.invoke("remember", { key: "k", value: "v" });
    expect(out).toMatchObject({
      error: "blocked_by_security_monitor",
      message: expect.stringContaining("looks risky"),
    });
    expect(events).toEqual(["suspend", "ask:remember:Remembering k", "resume", "suspend", "review:remember", "resume"]);
    expect(context.memory.all()).toHaveLength(0);
  });
});
