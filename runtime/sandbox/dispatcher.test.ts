import { describe, expect, it } from "vitest";
import { createCapabilityRun, createInvokeTranscript } from "../index.js";
import { createCapabilityDispatcher, generateCapabilityFacade, normaliseArguments } from "./index.js";
import { listNotes, runJob, sampleRegistry, totalImplRuns } from "../test-support/sample-capabilities.js";

function setup(mounted = ["notes"]) {
  const { registry, world } = sampleRegistry();
  const t = createInvokeTranscript();
  const run = createCapabilityRun({ context: {}, registry, gate: { mode: "default" }, onInvoke: t.onInvoke });
  return { registry, world, run, records: t.records, dispatcher: createCapabilityDispatcher(run, mounted, registry) };
}

describe("createCapabilityDispatcher: the validation ladder, in order", () => {
  const cases: [string, unknown, unknown, unknown, RegExp][] = [
    ["non-string module", 42, "list_notes", [], /capability module must be a string \(got number\)/],
    [
      "unmounted module",
      "ops",
      "run_job",
      [],
      /capability module "ops" is not mounted for this session \(mounted: notes\)/,
    ],
    ["unknown module", "__proto__", "x", [], /"__proto__" is not mounted/],
    ["non-string export", "notes", { toString: 1 }, [], /export name for "notes" must be a string \(got object\)/],
    ["unlisted export", "notes", "run_job", [], /capability module "notes" has no export "run_job"/],
    ["inherited name", "notes", "constructor", [], /has no export "constructor"/],
    [
      "non-array args (object)",
      "notes",
      "list_notes",
      { limit: 1 },
      /arguments for notes\.list_notes must be an array \(got object\)/,
    ],
    ["non-array args (null)", "notes", "list_notes", null, /must be an array \(got null\)/],
    [
      "positional args (folded by the reference's rules)",
      "notes",
      "list_notes",
      [1, 2],
      /list_notes takes one object argument/,
    ],
  ];
  for (const [label, mod, exp, args, message] of cases) {
    it(`rejects ${label} with a message, without invoking`, async () => {
      const { dispatcher, records, world } = setup();
      const out = await dispatcher.call(mod, exp, args);
      expect(out).toEqual({ ok: false, error: { name: "DispatchRejection", message: expect.stringMatching(message) } });
      expect(dispatcher.transcript[0]).toMatchObject({ outcome: "rejected" });
      expect(records).toHaveLength(0);
      expect(totalImplRuns(world)).toBe(0);
    });
  }

  it("checks the module before the export before the arguments", async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.call("ops", 7, "x")).toMatchObject({
      error: { message: expect.stringMatching(/not mounted/) },
    });
    expect(await dispatcher.call("notes", 7, "x")).toMatchObject({
      error: { message: expect.stringMatching(/export name/) },
    });
    expect(await dispatcher.call("notes", "nope", "x")).toMatchObject({
      error: { message: expect.stringMatching(/no export "nope"/) },
    });
  });

  // Changed by issue 17: a refusal is an error envelope (the guest sees it thrown), with its code.
  it("delegates to run.invoke: the gate decides, refusals come back as typed error envelopes", async () => {
    const { dispatcher, records, world } = setup();
    expect(await dispatcher.call("notes", "list_notes", [{ limit: 1 }])).toEqual({ ok: true, value: ["first"] });
    expect(await dispatcher.call("notes", "add_note", ["title"])).toMatchObject({
      ok: false,
      error: { name: "CapabilityRefusal", code: "permission_denied" },
    });
    expect(records.map((r) => `${r.name}:${r.outcome}`)).toEqual(["list_notes:ok", "add_note:permission_denied"]);
    expect(dispatcher.transcript.map((c) => c.outcome)).toEqual(["ok", "refused"]);
    expect(world.implRuns.get("add_note")).toBeUndefined();
  });

  it("a host error crosses as a value", async () => {
    const { registry } = sampleRegistry();
    const run = createCapabilityRun({ context: {}, registry, gate: { mode: "auto" } });
    const d = createCapabilityDispatcher(run, ["ops"], registry);
    expect(await d.call("ops", "fetch_url", [{ url: "boom" }])).toEqual({
      ok: false,
      error: { name: "Error", message: "host exploded" },
    });
    expect(d.transcript[0]).toMatchObject({ outcome: "error" });
  });

  it("first-party only: mounting a module the registry does not declare throws", () => {
    const { registry, run } = setup();
    expect(() => createCapabilityDispatcher(run, ["third-party-pack"], registry)).toThrow(
      /not a first-party capability module/,
    );
  });
});

describe("arguments and facades", () => {
  // Changed by issue 17: the reference's folding rules (a leading string fills the first
  // required string; other positional values are refused). More cases in args-fold.test.ts.
  it("folds [] → {}, [object] → object, a leading string → the first required string field", () => {
    expect(normaliseArguments(listNotes, [])).toEqual({});
    expect(normaliseArguments(listNotes, [{ limit: 2 }])).toEqual({ limit: 2 });
    expect(() => normaliseArguments(listNotes, [5])).toThrow(/list_notes takes one object argument/);
    expect(normaliseArguments(runJob, ["j1"])).toEqual({ id: "j1" });
  });

  it("generates one promise-returning export per capability and rejects non-identifiers", () => {
    const text = generateCapabilityFacade("notes", ["list_notes", "add_note"], { pack: "@acme/pack" });
    expect(text).toContain("// Generated facade for @acme/pack/notes");
    expect(text).toContain('export function list_notes(...args) { return call("notes", "list_notes", args); }');
    expect(text.match(/export function/g)).toHaveLength(2);
    expect(text).toContain("export default Object.freeze({ list_notes, add_note });");
    for (const bad of ["a-b", "1x", "default", "x;alert(1)", "", "await"]) {
      expect(() => generateCapabilityFacade("notes", [bad])).toThrow(/not a valid export identifier/);
    }
    expect(() => generateCapabilityFacade("../etc", ["x"])).toThrow(/not a plain name/);
    expect(() => generateCapabilityFacade("notes", ["x", "x"])).toThrow(/listed twice/);
  });
});
