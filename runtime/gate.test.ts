import { describe, expect, it } from "vitest";
import {
  PERMISSION_CATEGORIES,
  PERMISSION_GATE_CONTEXT_KEY,
  PERMISSION_MODES,
  createCapabilityRun,
  createInvokeTranscript,
  createPermissionGate,
  decidePermission,
  gateFromContext,
  publishPermissionGate,
  resetHeadlessWarnings,
  scriptedApprover,
  scriptedMonitor,
  type GateClock,
} from "./index.js";
import { sampleRegistry, totalImplRuns } from "./test-support/sample-capabilities.js";

describe("decidePermission: every mode × category", () => {
  const expected: Record<string, Record<string, string>> = {
    plan: { read: "allow", write: "block", execute: "block", external: "block" },
    default: { read: "allow", write: "ask", execute: "ask", external: "ask" },
    auto: { read: "allow", write: "allow", execute: "allow", external: "allow" },
  };
  for (const mode of PERMISSION_MODES) {
    for (const category of PERMISSION_CATEGORIES) {
      it(`${mode} × ${category} → ${expected[mode]?.[category]}`, () => {
        expect(decidePermission(mode, category)).toBe(expected[mode]?.[category]);
      });
    }
  }
});

function setup(gate: Parameters<typeof createPermissionGate>[0]) {
  const { registry, world } = sampleRegistry();
  const transcript = createInvokeTranscript();
  const run = createCapabilityRun({ context: {}, registry, gate, onInvoke: transcript.onInvoke });
  return { run, world, records: transcript.records };
}

describe("the ladder in invoke", () => {
  it("read-class fast path: no prompt, no monitor, even in plan mode", async () => {
    const approver = scriptedApprover();
    const monitor = scriptedMonitor({ list_notes: "would block" });
    for (const mode of PERMISSION_MODES) {
      const { run, world, records } = setup({ mode, approver, monitor });
      expect(await run.invoke("list_notes", {})).toEqual(["first"]);
      expect(world.implRuns.get("list_notes")).toBe(1);
      expect(records[0]?.steps).toEqual(["lookup", "validate:ok", "decide:allow", "fast-path", "impl"]);
    }
    expect(approver.requests).toHaveLength(0);
    expect(monitor.requests).toHaveLength(0);
  });

  it("plan mode blocks write with the blocked_in_plan_mode payload and never runs the impl", async () => {
    const { run, world, records } = setup({ mode: "plan", approver: scriptedApprover({}, "allow") });
    const out = await run.invoke("add_note", { title: "x" });
    // Changed by issue 17: the reference's payload keys ({ error, message }; `capability` only with payloadExtras).
    expect(Object.keys(out as object)).toEqual(["error", "message"]);
    expect(out).toMatchObject({ error: "blocked_in_plan_mode" });
    expect((out as { message: string }).message).toMatch(/`add_note`.*plan mode.*Write the change into your plan/s);
    expect(totalImplRuns(world)).toBe(0);
    expect(records[0]).toMatchObject({ outcome: "blocked_in_plan_mode", implRan: false, prompted: false });
  });

  it("default mode asks; allow runs; the approver sees the resolved message and Tool-era aliases", async () => {
    const approver = scriptedApprover({ add_note: "allow" });
    const { run, world, records } = setup({ mode: "default", approver });
    expect(await run.invoke("add_note", { title: "t", _message: "Saving your note" })).toEqual({ added: "t" });
    expect(approver.requests[0]).toMatchObject({
      capability: "add_note",
      toolName: "add_note",
      category: "write",
      message: "Saving your note",
      args: { title: "t" },
    });
    expect(world.implRuns.get("add_note")).toBe(1);
    expect(records[0]?.steps).toEqual([
      "lookup",
      "validate:ok",
      "decide:ask",
      "allow-set:miss",
      "approval:allow",
      "impl",
    ]);
  });

  it("deny returns permission_denied with what to do instead, impl never runs", async () => {
    const { run, world } = setup({ mode: "default", approver: scriptedApprover({ run_job: "deny" }) });
    const out = await run.invoke("run_job", { id: "j1" });
    expect(out).toEqual({
      error: "permission_denied",
      message: expect.stringMatching(/declined `run_job`.*Do not repeat the call/s),
    });
    expect(totalImplRuns(world)).toBe(0);
  });

  it("no approver in default mode fails closed", async () => {
    const { run, world, records } = setup({ mode: "default" });
    expect(await run.invoke("fetch_url", { url: "u" })).toMatchObject({ error: "permission_denied" });
    expect(records[0]?.steps).toContain("approval:none");
    expect(totalImplRuns(world)).toBe(0);
  });

  it("an approver that throws counts as deny", async () => {
    const { run, world } = setup({ mode: "default", approver: () => Promise.reject(new Error("socket closed")) });
    const out = await run.invoke("add_note", { title: "t" });
    expect(out).toMatchObject({ error: "permission_denied" });
    expect((out as { message: string }).message).toContain("socket closed");
    expect(totalImplRuns(world)).toBe(0);
  });

  it("allow_for_chat adds to the session allow-set: asked once, then skipped", async () => {
    const approver = scriptedApprover({ add_note: "allow_for_chat" });
    const sessionAllow = new Set<string>();
    const { run, world, records } = setup({ mode: "default", approver, sessionAllow });
    await run.invoke("add_note", { title: "a" });
    await run.invoke("add_note", { title: "b" });
    expect(approver.requests).toHaveLength(1);
    expect(sessionAllow.has("add_note")).toBe(true);
    expect(records[1]?.steps).toContain("allow-set:hit");
    expect(world.implRuns.get("add_note")).toBe(2);
  });

  it("the monitor runs after approval and its block is blocked_by_security_monitor", async () => {
    const monitor = scriptedMonitor({ fetch_url: "exfiltration pattern" });
    const { run, world, records } = setup({
      mode: "default",
      approver: scriptedApprover({ fetch_url: "allow" }),
      monitor,
      recentTranscript: () => ["turn 1"],
    });
    const out = await run.invoke("fetch_url", { url: "http://x" });
    expect(out).toMatchObject({ error: "blocked_by_security_monitor" });
    expect((out as { message: string }).message).toMatch(/exfiltration pattern.*Do not retry/s);
    expect(monitor.requests[0]?.recentTranscript).toEqual(["turn 1"]);
    expect(records[0]?.steps).toEqual([
      "lookup",
      "validate:ok",
      "decide:ask",
      "allow-set:miss",
      "approval:allow",
      "monitor:block",
    ]);
    expect(totalImplRuns(world)).toBe(0);
  });

  it("auto mode skips approval but still consults the monitor (object form with review)", async () => {
    const reviewed: string[] = [];
    const monitor = {
      review: async (r: { capability: string }) => (reviewed.push(r.capability), { verdict: "allow" as const }),
    };
    const { run, world } = setup({ mode: "auto", monitor });
    expect(await run.invoke("run_job", { id: "1" })).toMatchObject({ ran: "1" });
    expect(reviewed).toEqual(["run_job"]);
    expect(world.implRuns.get("run_job")).toBe(1);
  });

  it("suspends the clock around approval and the monitor, and only there", async () => {
    const events: string[] = [];
    const clock: GateClock = { suspend: () => events.push("suspend"), resume: () => events.push("resume") };
    const approver = async () => (events.push("approver"), "allow" as const);
    const monitor = async () => (events.push("monitor"), "allow" as const);
    const { run } = setup({ mode: "default", approver, monitor, clock });
    await run.invoke("list_notes", {});
    expect(events).toEqual([]);
    await run.invoke("add_note", { title: "x" });
    expect(events).toEqual(["suspend", "approver", "resume", "suspend", "monitor", "resume"]);
  });

  it("an aborted signal stops the call before the impl runs", async () => {
    const { registry, world } = sampleRegistry();
    const ac = new AbortController();
    ac.abort();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" }, signal: ac.signal });
    expect(await run.invoke("add_note", { title: "x" })).toMatchObject({ error: "aborted" });
    expect(totalImplRuns(world)).toBe(0);
  });
});

describe("gateFromContext", () => {
  it("reads published options (one gate and allow-set per options object) or a built gate", () => {
    const options = { mode: "auto" as const };
    const ctx = publishPermissionGate({}, options);
    expect(gateFromContext(ctx)).toBe(gateFromContext(ctx));
    expect(gateFromContext(ctx).mode).toBe("auto");
    const gate = createPermissionGate({ mode: "plan" });
    expect(gateFromContext({ [PERMISSION_GATE_CONTEXT_KEY]: gate })).toBe(gate);
    const mapLike = { get: (k: string) => (k === PERMISSION_GATE_CONTEXT_KEY ? options : undefined) };
    expect(gateFromContext(mapLike).mode).toBe("auto");
  });

  it("headless: runs auto by default, deny-all on request naming the key, warns once per host", async () => {
    resetHeadlessWarnings();
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    class ProcessingContext {}
    const g1 = gateFromContext(new ProcessingContext(), { warn });
    gateFromContext(new ProcessingContext(), { warn });
    gateFromContext({}, { warn, host: "cli" });
    gateFromContext({}, { warn, host: "cli" });
    // Changed by issue 17: a malformed published gate is a typed error, never a silent headless run.
    expect(() =>
      gateFromContext({ [PERMISSION_GATE_CONTEXT_KEY]: { mode: "sometimes" } }, { warn, host: "bad" }),
    ).toThrow(/Unknown permission mode "sometimes"/);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/ProcessingContext: no permission gate was published/);
    expect(g1.headless).toBe(true);
    // Changed by issue 17: headless as the design says by default (auto, escalations denied) …
    const { registry, world } = sampleRegistry();
    const run = createCapabilityRun({ context: new ProcessingContext(), registry });
    expect(run.gate.headless).toBe(true);
    expect(run.gate.mode).toBe("auto");
    expect(await run.invoke("list_notes", {})).toEqual(["first"]);
    expect(await run.invoke("add_note", { title: "x" })).toEqual({ added: "x" });
    // … and the stricter deny-everything gate as an explicit option.
    const strict = createCapabilityRun({
      context: new ProcessingContext(),
      registry,
      contextGate: { headless: "deny-all", warn },
    });
    const denied = await strict.invoke("add_note", { title: "y" });
    expect(denied).toMatchObject({ error: "permission_denied" });
    expect((denied as { message: string }).message).toContain(PERMISSION_GATE_CONTEXT_KEY);
    expect(world.implRuns.get("add_note")).toBe(1);
  });

  it("rejects an unknown mode when building a gate", () => {
    expect(() => createPermissionGate({ mode: "yolo" as never })).toThrow(/Unknown permission mode "yolo"/);
  });
});
