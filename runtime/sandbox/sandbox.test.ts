import { describe, expect, it } from "vitest";
import {
  capabilityCatalog,
  createCapabilityRun,
  createInvokeTranscript,
  scriptedApprover,
  type CapabilitySpec,
} from "../index.js";
import { createClockRelay, createSandboxClock, runGuestAction } from "./index.js";
import { sampleRegistry, totalImplRuns } from "../test-support/sample-capabilities.js";
import { manualTime } from "../test-support/test-time.js";

const PACK = "@capkit/platform";

function setup(gate: Parameters<typeof createCapabilityRun>[0]["gate"] = { mode: "auto" }) {
  const { registry, world } = sampleRegistry();
  const t = createInvokeTranscript();
  const run = createCapabilityRun({ context: {}, registry, gate, onInvoke: t.onInvoke });
  return { registry, world, run, records: t.records };
}

describe("runGuestAction", () => {
  it("runs an action against mounted facades and returns its value and the call transcript", async () => {
    const { registry, run, records } = setup();
    const r = await runGuestAction({
      source: `import { list_notes, add_note } from "${PACK}/notes";
        export default async () => { await add_note({ title: "b" }); return { notes: await list_notes(), pos: await list_notes({ limit: 1 }) }; }`,
      run,
      registry,
      mounted: ["notes"],
    });
    expect(r).toMatchObject({ ok: true, value: { notes: ["first", "b"], pos: ["first"] } });
    expect(r.calls.map((c) => `${c.seq}:${String(c.module)}.${String(c.export)}:${c.outcome}`)).toEqual([
      "1:notes.add_note:ok",
      "2:notes.list_notes:ok",
      "3:notes.list_notes:ok",
    ]);
    expect(r.calls[2]?.args).toEqual({ limit: 1 });
    expect(records.map((x) => x.name)).toEqual(["add_note", "list_notes", "list_notes"]);
  });

  it("an unmounted or unknown import fails before the action runs, naming the module", async () => {
    const { registry, run, world } = setup();
    const body = `import { add_note } from "${PACK}/notes"; await add_note({ title: "side effect" });`;
    const r1 = await runGuestAction({
      source: `${body}\nimport { run_job } from "${PACK}/ops"; export default 1;`,
      run,
      registry,
      mounted: ["notes"],
    });
    expect(r1).toMatchObject({
      ok: false,
      error: {
        kind: "module",
        message: `module "${PACK}/ops" is not mounted for this session (mounted: ${PACK}/notes)`,
      },
    });
    const r2 = await runGuestAction({
      source: `${body}\nimport fs from "fs"; export default 1;`,
      run,
      registry,
      mounted: ["notes"],
    });
    expect(r2).toMatchObject({
      ok: false,
      error: { kind: "module", message: expect.stringMatching(/^unknown module "fs"/) },
    });
    expect(totalImplRuns(world)).toBe(0);
    expect([...r1.calls, ...r2.calls]).toEqual([]);
  });

  it("the guest sees no host globals and cannot reach the bridge", async () => {
    const { registry, run } = setup();
    const r = await runGuestAction({
      source: `import { list_notes } from "${PACK}/notes";
        const g = globalThis;
        let dyn; try { await import("capkit:bridge"); dyn = "reached"; } catch (e) { dyn = e.message; }
        export default { process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout,
          bridge: typeof g.__capkit_bridge__, viaFunction: typeof Function("return this")().__capkit_bridge__, dyn };`,
      run,
      registry,
      mounted: ["notes"],
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        process: "undefined",
        require: "undefined",
        fetch: "undefined",
        setTimeout: "undefined",
        bridge: "undefined",
        viaFunction: "undefined",
        dyn: expect.stringMatching(/private to the capability facades/),
      },
    });
  });

  // Changed by issue 17: a refusal throws a typed error in the guest (as the reference does);
  // the value form is the errorPayloads: "value" option.
  it("refusals throw a catchable CapabilityRefusal with its code (value form on request), host errors a guest Error", async () => {
    const { registry, run } = setup({
      mode: "default",
      approver: scriptedApprover({ add_note: "deny", fetch_url: "allow" }),
    });
    const source = `import { add_note } from "${PACK}/notes"; import { fetch_url } from "${PACK}/ops";
        let caught; try { await fetch_url({ url: "boom" }); } catch (e) { caught = e.name + ": " + e.message; }
        let refused; try { refused = await add_note({ title: "x" }); } catch (e) { refused = { name: e.name, code: e.code, message: e.message }; }
        export default { refused, caught };`;
    const r = await runGuestAction({ source, run, registry, mounted: ["notes", "ops"] });
    expect(r).toMatchObject({
      ok: true,
      value: {
        refused: {
          name: "CapabilityRefusal",
          code: "permission_denied",
          message: expect.stringMatching(/^add_note: The user declined `add_note`/),
        },
        caught: "Error: host exploded",
      },
    });
    const asValue = await runGuestAction({ source, run, registry, mounted: ["notes", "ops"], errorPayloads: "value" });
    expect(asValue).toMatchObject({ ok: true, value: { refused: { error: "permission_denied" } } });
  });

  it("third-party libraries load, may not claim the pack, and cannot import the bridge", async () => {
    const { registry, run } = setup();
    const ok = await runGuestAction({
      source: `import { twice } from "lib"; export default twice(21);`,
      run,
      registry,
      mounted: [],
      libraries: { lib: "export const twice = (x) => x * 2;" },
    });
    expect(ok).toMatchObject({ ok: true, value: 42 });
    const claim = await runGuestAction({
      source: "export default 1",
      run,
      registry,
      mounted: [],
      libraries: { [`${PACK}/notes`]: "export const x = 1" },
    });
    expect(claim).toMatchObject({
      ok: false,
      error: { kind: "mount", message: expect.stringMatching(/a pack cannot declare a capability module/) },
    });
    const sneaky = await runGuestAction({
      source: `import { call } from "lib"; export default 1`,
      run,
      registry,
      mounted: ["notes"],
      libraries: { lib: `export { call } from "capkit:bridge";` },
    });
    expect(sneaky).toMatchObject({ ok: false, error: { kind: "module", message: expect.stringMatching(/private/) } });
  });

  it("approval time does not count against the deadline (clock relay on the gate); host time does", async () => {
    // The action's clock reads time the test moves: the person answering takes 400 ms of it,
    // and nothing else (engine boot, a loaded machine) moves it at all.
    const time = manualTime();
    const slow = (name: string, category: CapabilitySpec["category"]) => ({
      spec: { name, description: "d", inputSchema: {}, category } as CapabilitySpec,
      impl: async () => (time.advance(400), name),
    });
    const { registry } = sampleRegistry();
    const approver = async () => (time.advance(400), "allow" as const);
    const source = `import { add_note } from "${PACK}/notes"; export default await add_note({ title: "t" });`;
    const run = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "default", approver, clock: createClockRelay() },
      capabilities: [slow("slow_read", "read")],
    });
    const approved = await runGuestAction({
      source,
      run,
      registry,
      mounted: ["notes"],
      clock: createSandboxClock(250, time.now),
    });
    expect(approved).toMatchObject({ ok: true, value: { added: "t" } });
    const unsuspended = createCapabilityRun({
      context: {},
      registry,
      gate: { mode: "default", approver },
      capabilities: [slow("slow_read", "read")],
    });
    const timedOut = await runGuestAction({
      source,
      run: unsuspended,
      registry,
      mounted: ["notes"],
      clock: createSandboxClock(250, time.now),
    });
    expect(timedOut).toMatchObject({ ok: false, error: { kind: "deadline" } });
  });
});

describe("the capability catalog", () => {
  it("lists mounted modules with exports, one-line summaries and categories, loading nothing", async () => {
    const { registry, world } = sampleRegistry();
    expect(capabilityCatalog(registry, ["notes"])).toEqual({
      modules: [
        {
          module: "notes",
          exports: [
            { name: "add_note", summary: "Add a note.", category: "write" },
            { name: "list_notes", summary: "List the notes in this session.", category: "read" },
          ],
        },
      ],
    });
    expect(capabilityCatalog(registry).modules.map((m) => m.module)).toEqual(["notes", "ops"]);
    expect(world.loads).toEqual([]);
  });

  it("is what the guest's capabilities() returns, without a host call", async () => {
    const { registry, run } = setup();
    const r = await runGuestAction({
      source: `import { capabilities } from "${PACK}"; export default capabilities();`,
      run,
      registry,
      mounted: ["ops"],
    });
    expect(r).toMatchObject({ ok: true, value: capabilityCatalog(registry, ["ops"]) });
    expect(r.calls).toEqual([]);
  });
});
