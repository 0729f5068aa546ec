/**
 * Issue 17's "done when": a host built with the reference's option shapes (support/reference-
 * host.ts, written from its documented contract) plugs in with one line (`nodetoolPreset`) and
 * passes the design's gate-parity scenario through the sandbox and through a direct invoke; a
 * monitor block stops a write in every entry path.
 */
import { describe, expect, it } from "vitest";
import {
  bindToolAdapters,
  createCapabilityRegistry,
  createCapabilityRun,
  createInvokeTranscript,
  createPermissionGate,
  nodetoolPreset,
  publishPermissionGate,
  type CapabilitySpec,
  type InvokeRecord,
} from "./index.js";
import { runGuestAction } from "./sandbox/index.js";
import { NT_CATEGORIES, NT_GATE_KEY, NtContext, NtTool, ntGate, type NtMode } from "./test-support/reference-host.js";
import { sampleRegistry, totalImplRuns } from "./test-support/sample-capabilities.js";

const PACK = "@nodetool-ai/sandbox-nodetool";
const preset = nodetoolPreset(NT_CATEGORIES);

/** One canary per category, as the design's scenario asks. */
const CALLS: readonly [string, string, Record<string, unknown>][] = [
  ["notes", "list_notes", {}],
  ["notes", "add_note", { title: "x" }],
  ["ops", "run_job", { id: "j1" }],
  ["ops", "fetch_url", { url: "https://example.com" }],
];

function hostRun(mode: NtMode, answers: Parameters<typeof ntGate>[1] = {}, blocks: Parameters<typeof ntGate>[2] = {}) {
  const { registry, world } = sampleRegistry();
  const context = new NtContext();
  const gate = ntGate(mode, answers, blocks);
  context.set(NT_GATE_KEY, gate.options); // how the host publishes its gate today
  const t = createInvokeTranscript();
  const run = createCapabilityRun({ context, registry, onInvoke: t.onInvoke, ...preset });
  return { registry, world, context, gate, run, records: t.records };
}

const view = (r: InvokeRecord) => ({
  name: r.name,
  outcome: r.outcome,
  steps: r.steps,
  prompted: r.prompted,
  monitored: r.monitored,
  implRan: r.implRan,
});

async function scenario(path: "direct" | "sandbox", mode: NtMode) {
  const h = hostRun(mode, { add_note: "allow", run_job: "allow", fetch_url: "deny" });
  let codes: (string | null)[];
  if (path === "direct") {
    codes = [];
    for (const [, name, args] of CALLS) {
      const out = (await h.run.invoke(name, args)) as { error?: string };
      codes.push(typeof out?.error === "string" ? out.error : null);
    }
  } else {
    const r = await runGuestAction({
      source: `import notes from "${PACK}/notes"; import ops from "${PACK}/ops";
        const mods = { notes, ops };
        const out = [];
        for (const [m, name, args] of ${JSON.stringify(CALLS)}) {
          try { await mods[m][name](args); out.push(null); } catch (e) { out.push(e.name === "CapabilityRefusal" ? e.code : "other:" + e.message); }
        }
        export default out;`,
      run: h.run,
      registry: h.registry,
      mounted: ["notes", "ops"],
      pack: PACK,
    });
    expect(r.ok).toBe(true);
    codes = r.ok ? (r.value as (string | null)[]) : [];
  }
  return {
    records: h.records.map(view),
    asked: h.gate.asked.map((a) => a.toolName),
    clock: h.gate.clockEvents,
    runs: Object.fromEntries(h.world.implRuns),
    codes,
    suspendedAfter: h.gate.suspended(),
  };
}

describe("a NodeTool-shaped host through capkit/runtime (one line: nodetoolPreset)", () => {
  it("passes the gate-parity scenario in default mode, identically through the sandbox and a direct invoke", async () => {
    const direct = await scenario("direct", "default");
    const sandbox = await scenario("sandbox", "default");
    expect(sandbox).toEqual(direct);
    // read ran without a prompt; write and execute round-tripped an approval; the denied
    // external call returned permission_denied without running its implementation.
    expect(direct.records.map((r) => [r.name, r.outcome, r.prompted, r.implRan])).toEqual([
      ["list_notes", "ok", false, true],
      ["add_note", "ok", true, true],
      ["run_job", "ok", true, true],
      ["fetch_url", "permission_denied", true, false],
    ]);
    expect(direct.asked).toEqual(["add_note", "run_job", "fetch_url"]);
    expect(direct.codes).toEqual([null, null, null, "permission_denied"]);
    expect(direct.runs).toEqual({ list_notes: 1, add_note: 1, run_job: 1 });
    // the host's clock was suspended for every approval and review, and resumed after
    expect(direct.clock.every((e) => e.endsWith(":suspended"))).toBe(true);
    expect(direct.suspendedAfter).toBe(false);
    // the host's monitor reviewed every approved non-read call (never the read)
    expect(direct.records.filter((r) => r.monitored).map((r) => r.name)).toEqual(["add_note", "run_job"]);
  });

  it("plan mode: the read runs, every non-read is blocked without a prompt, on both paths", async () => {
    const direct = await scenario("direct", "plan");
    const sandbox = await scenario("sandbox", "plan");
    expect(sandbox).toEqual(direct);
    expect(direct.codes).toEqual([null, "blocked_in_plan_mode", "blocked_in_plan_mode", "blocked_in_plan_mode"]);
    expect(direct.asked).toEqual([]);
    expect(direct.runs).toEqual({ list_notes: 1 });
  });
});

class NtWriteFile extends NtTool {
  readonly name = "nt_write_file";
  readonly description = "Write a file.";
  protected override readonly jsonSchema = {
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
  };
  runs = 0;
  async process(_context: NtContext, params: Record<string, unknown>) {
    this.runs++;
    return { wrote: params["path"] };
  }
}

const composite: CapabilitySpec = {
  name: "tidy_notes",
  description: "Tidy the notes (adds a summary note).",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

describe("a monitor block stops a write in every entry path", () => {
  const hard = {
    add_note: { reason: "it overwrites the user's notes", tier: "hard" as const, severity: "high" as const },
  };
  const fileBlock = {
    nt_write_file: { reason: "writes outside the workspace", tier: "soft" as const, severity: "medium" as const },
  };

  function expectBlocked(out: unknown, grade: string) {
    expect(out).toEqual({ error: "blocked_by_security_monitor", message: expect.stringContaining(grade) });
  }

  it("direct invoke, the sandbox (named and default imports), and a nested invoke from a Tool's default run", async () => {
    const h = hostRun("auto", {}, hard);
    expectBlocked(
      await h.run.invoke("add_note", { title: "t" }),
      "(tier: hard, severity: high): it overwrites the user's notes",
    );
    const r = await runGuestAction({
      source: `import { add_note } from "${PACK}/notes"; import notes from "${PACK}/notes";
        const codes = [];
        for (const f of [add_note, notes.add_note]) { try { await f({ title: "t" }); codes.push("ran"); } catch (e) { codes.push(e.code + "|" + e.message); } }
        export default codes;`,
      run: h.run,
      registry: h.registry,
      mounted: ["notes"],
      pack: PACK,
    });
    expect(r).toMatchObject({ ok: true });
    for (const c of (r.ok ? r.value : []) as string[])
      expect(c).toMatch(
        /^blocked_by_security_monitor\|add_note: The security monitor blocked `add_note` \(tier: hard, severity: high\)/,
      );
    // A composite capability exposed as a Tool: its default run reads the context's gate.
    const adapters = bindToolAdapters({ Tool: NtTool, registry: h.registry, ...preset });
    const tool = adapters.toolFromCapability(composite, async (run) => run.invoke("add_note", { title: "summary" }));
    expectBlocked(await tool.execute!(h.context, {}), "tier: hard");
    const lazy = adapters.toolForCapabilityName("add_note");
    // The lazy Tool calls its implementation directly (a belt is gated from outside by gateTools) …
    const [gated] = adapters.gateTools([lazy], h.gate.options);
    expectBlocked(await gated!.execute!(h.context, { title: "t" }), "tier: hard");
    expect(h.world.implRuns.get("add_note")).toBeUndefined();
    expect(h.gate.reviewed.map((a) => a.name)).toEqual(["add_note", "add_note", "add_note", "add_note", "add_note"]);
    expect(h.gate.reviewed[0]).toMatchObject({
      category: "write",
      args: { title: "t" },
      transcript: "user: please tidy my notes",
    });
  });

  it("a host Tool gated by gateTools (execute and process), and the same Tool mounted as a capability module", async () => {
    const { options, reviewed } = ntGate("default", { nt_write_file: "allow" }, fileBlock);
    const tool = new NtWriteFile();
    const adapters = bindToolAdapters({ Tool: NtTool, ...preset });
    const [gated] = adapters.gateTools([tool], options);
    const context = new NtContext();
    expectBlocked(
      await gated!.execute!(context, { path: "/etc/passwd" }),
      "(tier: soft, severity: medium): writes outside the workspace",
    );
    expectBlocked(await gated!.process(context, { path: "/etc/passwd" }), "tier: soft");
    const registry = createCapabilityRegistry({ files: adapters.toolsAsCapabilityModule("files", [tool]) });
    const run = createCapabilityRun({ context, registry, gate: options });
    expectBlocked(await run.invoke("nt_write_file", { path: "/etc/passwd" }), "tier: soft");
    const r = await runGuestAction({
      source: `import files from "${PACK}/files"; let code; try { await files.nt_write_file("/etc/passwd"); } catch (e) { code = e.code; } export default code;`,
      run,
      registry,
      mounted: ["files"],
      pack: PACK,
    });
    expect(r).toMatchObject({ ok: true, value: "blocked_by_security_monitor" });
    expect(tool.runs).toBe(0);
    expect(reviewed.map((a) => a.name)).toEqual(["nt_write_file", "nt_write_file", "nt_write_file", "nt_write_file"]);
  });

  it("a built gate published with publishPermissionGate, and the host's own key read through context.get", async () => {
    const { options } = ntGate("auto", {}, hard);
    const { registry, world } = sampleRegistry();
    const viaCapkitKey = createCapabilityRun({
      context: publishPermissionGate(new NtContext(), createPermissionGate(options)),
      registry,
    });
    expectBlocked(await viaCapkitKey.invoke("add_note", { title: "t" }), "tier: hard");
    const ctx = new NtContext();
    ctx.set(NT_GATE_KEY, options);
    const viaHostKey = createCapabilityRun({ context: ctx, registry, ...preset });
    expectBlocked(await viaHostKey.invoke("add_note", { title: "t" }), "tier: hard");
    expect(totalImplRuns(world)).toBe(0);
  });
});
