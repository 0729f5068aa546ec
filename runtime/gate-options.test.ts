/**
 * Issue 17, Deliver 1–2: the gate options are validated by one schema (a typed error naming the
 * field and the accepted shapes, at construction), and every accepted vocabulary's monitor,
 * approver and clock is actually used — no configured monitor goes uncalled.
 */
import { describe, expect, it } from "vitest";
import {
  PermissionGateOptionsError,
  createCapabilityRun,
  createPermissionGate,
  gateFromContext,
  type PermissionGateOptions,
} from "./index.js";
import { sampleRegistry, totalImplRuns } from "./test-support/sample-capabilities.js";

function thrown(fn: () => unknown): PermissionGateOptionsError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PermissionGateOptionsError);
    return err as PermissionGateOptionsError;
  }
  throw new Error("expected PermissionGateOptionsError");
}

describe("gate options: validated at construction, never guessed", () => {
  const bad: [string, unknown, string, RegExp][] = [
    [
      "an unknown key",
      { mode: "default", securityMonitr: async () => ({ block: true }) },
      "securityMonitr",
      /unknown key "securityMonitr"; accepted keys are mode, .*securityMonitor/,
    ],
    [
      "a monitor object without review",
      { mode: "auto", monitor: { check: () => "allow" } },
      "monitor",
      /"monitor" must be a function \(request\) => verdict, or an object with review\(request\).*got an object with check/,
    ],
    [
      "a securityMonitor that is not a function",
      { mode: "auto", securityMonitor: { block: true } },
      "securityMonitor",
      /"securityMonitor" must be a function \(action\) => Promise<\{ block/,
    ],
    [
      "an approver that is not a function",
      { mode: "default", approver: "allow" },
      "approver",
      /"approver" must be a function/,
    ],
    [
      "a requestApproval that is not a function",
      { mode: "default", requestApproval: true },
      "requestApproval",
      /"requestApproval" must be a function/,
    ],
    [
      "a clock without suspend",
      { mode: "default", clock: { pause() {}, resume() {} } },
      "clock",
      /"clock" must be an object with suspend\(\) and resume\(\), or with suspend\(\) returning the resume function/,
    ],
    [
      "a sessionAllow that is not a Set",
      { mode: "default", sessionAllow: ["a"] },
      "sessionAllow",
      /"sessionAllow" must be a Set<string>/,
    ],
    [
      "two names for the monitor",
      { mode: "auto", monitor: () => "allow", securityMonitor: async () => ({ block: false }) },
      "securityMonitor",
      /both "monitor" and "securityMonitor"/,
    ],
    [
      "two names for the approver",
      { mode: "default", approver: () => "allow", requestApproval: async () => "allow" },
      "requestApproval",
      /both "approver" and "requestApproval"/,
    ],
    ["an unknown mode", { mode: "yolo" }, "mode", /Unknown permission mode "yolo"/],
  ];
  for (const [label, options, field, message] of bad) {
    it(`${label} is a PermissionGateOptionsError naming "${field}"`, () => {
      const err = thrown(() => createPermissionGate(options as PermissionGateOptions));
      expect(err.field).toBe(field);
      expect(err.accepted).not.toBe("");
      expect(err.message).toMatch(message);
    });
  }

  it("the same error reaches a run built with options, and a context that published malformed options", () => {
    const { registry } = sampleRegistry();
    expect(
      thrown(() =>
        createCapabilityRun({ context: {}, registry, gate: { mode: "default", monitr: () => "block" } as never }),
      ).field,
    ).toBe("monitr");
    expect(
      thrown(() =>
        gateFromContext(
          { nodetool_permission_gate: { mode: "auto", extra: 1 } },
          { keys: ["nodetool_permission_gate"] },
        ),
      ).field,
    ).toBe("extra");
    expect(thrown(() => gateFromContext({ __capkitPermissionGate: "auto" })).field).toBe("(published gate)");
  });
});

type Vocabulary = { name: string; options: (calls: string[]) => Partial<PermissionGateOptions> };
const VOCABULARIES: readonly Vocabulary[] = [
  {
    name: "capkit function monitor",
    options: (calls) => ({
      monitor: (r) => (
        calls.push(r.capability),
        r.capability === "add_note" ? { verdict: "block", reason: "nope" } : "allow"
      ),
    }),
  },
  {
    name: "capkit string verdicts",
    options: (calls) => ({
      monitor: (r) => (calls.push(r.capability), r.capability === "add_note" ? "block" : "allow"),
    }),
  },
  {
    name: "Tool-era review object",
    options: (calls) => ({
      monitor: {
        review: async (r) => (calls.push(r.toolName), { verdict: r.toolName === "add_note" ? "block" : "allow" }),
      },
    }),
  },
  {
    name: "NodeTool securityMonitor",
    options: (calls) => ({
      securityMonitor: async (action) => (
        calls.push(action.name),
        action.name === "add_note"
          ? { block: true, reason: "nope", tier: "hard", severity: "high" }
          : { block: false, tier: "soft", severity: "low" }
      ),
    }),
  },
];

describe("no path lets a configured monitor go uncalled", () => {
  for (const v of VOCABULARIES) {
    for (const mode of ["auto", "default"] as const) {
      it(`${v.name} (${mode} mode): consulted for every approved non-read call; its block stops the write, its allow runs`, async () => {
        const { registry, world } = sampleRegistry();
        const calls: string[] = [];
        const approvals = mode === "default" ? { requestApproval: async () => "allow" as const } : {};
        const run = createCapabilityRun({
          context: {},
          registry,
          gate: { mode, ...approvals, ...v.options(calls) } as PermissionGateOptions,
        });
        expect(await run.invoke("list_notes", {})).toEqual(["first"]);
        expect(await run.invoke("add_note", { title: "x" })).toMatchObject({ error: "blocked_by_security_monitor" });
        expect(await run.invoke("run_job", { id: "j" })).toMatchObject({ ran: "j" });
        expect(calls).toEqual(["add_note", "run_job"]); // never the read, every non-read
        expect(world.implRuns.get("add_note")).toBeUndefined();
        expect(world.implRuns.get("run_job")).toBe(1);
      });
    }
  }

  it("NodeTool's { block: false } is an allow; tier and severity reach the refusal message", async () => {
    const { registry, world } = sampleRegistry();
    const verdicts = [
      { block: false, tier: "soft", severity: "low" },
      { block: true, reason: "crosses a boundary", tier: "hard", severity: "critical" },
      { block: true, tier: "soft", severity: "medium" },
    ];
    const run = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "auto", securityMonitor: async () => verdicts.shift()! },
    });
    expect(await run.invoke("add_note", { title: "a" })).toEqual({ added: "a" });
    const hard = (await run.invoke("add_note", { title: "b" })) as { message: string };
    expect(hard.message).toMatch(
      /^The security monitor blocked `add_note` \(tier: hard, severity: critical\): crosses a boundary\. A hard block/,
    );
    const soft = (await run.invoke("add_note", { title: "c" })) as { message: string };
    expect(soft.message).toMatch(/\(tier: soft, severity: medium\): it judged this action unsafe\. Do not retry/);
    expect(world.implRuns.get("add_note")).toBe(1);
  });

  it("an unrecognised verdict or approver answer fails closed and says what came back", async () => {
    const { registry, world } = sampleRegistry();
    const odd = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "auto", monitor: (() => ({ ok: true })) as never },
    });
    expect(((await odd.invoke("add_note", { title: "x" })) as { message: string }).message).toMatch(
      /the monitor returned \{"ok":true\}, which is not a verdict/,
    );
    const shrug = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "default", requestApproval: (async () => "maybe") as never },
    });
    expect(((await shrug.invoke("add_note", { title: "x" })) as { message: string }).message).toMatch(
      /the approver answered "maybe"/,
    );
    expect(totalImplRuns(world)).toBe(0);
  });
});

describe("NodeTool's approver and clock", () => {
  it("requestApproval is asked (toolName, category, args, message); its clock's suspend() returns the resume, which is called", async () => {
    const { registry, world } = sampleRegistry();
    const events: string[] = [];
    const seen: unknown[] = [];
    const clock = { suspend: () => (events.push("suspend"), () => events.push("resume")), suspendedMs: () => 0 };
    const run = createCapabilityRun({
      context: {},
      registry,
      gate: {
        mode: "default",
        sessionAllow: new Set(["fetch_url"]),
        requestApproval: async (r) => (
          seen.push({ toolName: r.toolName, category: r.category, args: r.args, message: r.message }),
          events.push("ask"),
          "allow_for_chat" as const
        ),
        clock,
      },
    });
    expect(await run.invoke("add_note", { title: "x", _message: "Saving x" })).toEqual({ added: "x" });
    expect(await run.invoke("add_note", { title: "y" })).toEqual({ added: "y" }); // allow_for_chat joined the set
    expect(await run.invoke("fetch_url", { url: "u" })).toMatchObject({ status: 200 }); // the host's allow-set is honoured
    expect(seen).toEqual([{ toolName: "add_note", category: "write", args: { title: "x" }, message: "Saving x" }]);
    expect(events).toEqual(["suspend", "ask", "resume"]);
    expect(run.gate.sessionAllow.has("add_note")).toBe(true);
    expect(world.implRuns.get("add_note")).toBe(2);
  });

  it("a clock whose suspend() returns nothing and that has no resume() is reported instead of staying suspended", async () => {
    const { registry } = sampleRegistry();
    const run = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "default", approver: () => "allow", clock: { suspend() {} } as never },
    });
    const out = (await run.invoke("add_note", { title: "x" })) as { error: string; message: string };
    expect(out.error).toBe("permission_denied");
    expect(out.message).toMatch(/clock\.suspend\(\) returned no resume function/);
  });
});
