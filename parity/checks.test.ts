import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config/index.js";
import { recordParityAt, runParity } from "./engine.js";
import { stableJson } from "./normalize.js";
import type { Mutant } from "./mutants.js";
import { CAPS, MINI_TARGET, cleanupCopies, copyMiniTarget, edit, vitestImporter } from "./test-support/mini-target.js";

afterAll(cleanupCopies);

const parity = (root: string, mutants: boolean | readonly Mutant[] = false) =>
  runParity(root, { importer: vitestImporter, mutants });
const problemsOf = (r: Awaited<ReturnType<typeof parity>>, name: string) =>
  r.checks.find((c) => c.name === name)?.problems ?? ["(check missing)"];

describe("runParity on the hand-written migrated mini target", () => {
  it("passes all four checks, and every built-in mutant is killed", async () => {
    const result = await parity(copyMiniTarget(), true);
    expect(result.checks.map((c) => [c.name, c.ok, c.problems])).toEqual([
      ["drift", true, []],
      ["category-snapshot", true, []],
      ["gate-parity", true, []],
      ["behaviour", true, []],
    ]);
    expect(result.mutants?.total).toBeGreaterThanOrEqual(8);
    expect(result.mutants?.survivors).toEqual([]);
    expect(result.mutants?.killed).toBe(result.mutants?.total);
    for (const m of result.mutants?.results ?? [])
      expect(m.killedBy, m.name).toMatch(/\b(list_notes|add_note|run_macro|fetch_url)\b/);
    expect(result.ok).toBe(true);
  });

  it("re-recording the pre-migration classes reproduces the committed recording byte for byte", async () => {
    const root = copyMiniTarget();
    const { recording, file } = await recordParityAt(root, { importer: vitestImporter });
    expect(readFileSync(file, "utf8")).toBe(readFileSync(join(MINI_TARGET, ".capkit/parity-recording.json"), "utf8"));
    expect(stableJson(recording)).toBe(readFileSync(file, "utf8"));
    expect(recording.oldCategories).toEqual({
      add_note: "write",
      fetch_url: "external",
      list_notes: "read",
      run_macro: "execute",
    });
    expect(recording.capabilities["run_macro"]?.cases.map((c) => c.source)).toEqual([
      "cases-file",
      "cases-file",
      "schema:minimal",
      "schema:full",
    ]);
  });

  it("a category edited in the migrated specs fails, naming the capability, the old and the new category", async () => {
    const root = copyMiniTarget();
    edit(root, `${CAPS}/notes.specs.ts`, 'category: "write"', 'category: "read"');
    const result = await parity(root);
    expect(result.ok).toBe(false);
    expect(problemsOf(result, "category-snapshot")).toEqual([
      'add_note: category changed from "write" (packages/agents/src/capabilities/categories.snapshot.json) to "read" (registry)',
      'add_note: reclassified during migration: old category "write" (the old categories recorded in .capkit/parity-recording.json), new category "read"',
    ]);
  });

  it("a reclassification that also rewrote the snapshot is still caught by the old map", async () => {
    const root = copyMiniTarget();
    edit(root, `${CAPS}/macros.specs.ts`, 'category: "external"', 'category: "read"');
    edit(root, `${CAPS}/categories.snapshot.json`, '"fetch_url": "external"', '"fetch_url": "read"');
    const problems = problemsOf(await parity(root), "category-snapshot");
    expect(problems).toEqual([
      expect.stringMatching(
        /^fetch_url: reclassified during migration: old category "external" \(the old categories recorded in \.capkit\/parity-recording\.json\), new category "read"$/,
      ),
    ]);
  });

  it("a changed implementation output fails the behaviour check with the capability and the first difference", async () => {
    const root = copyMiniTarget();
    edit(root, `${CAPS}/macros.ts`, 'macro(String(args["input"] ?? ""))', 'macro(String(args["input"] ?? "")) + "!"');
    const problems = problemsOf(await parity(root), "behaviour");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^run_macro: behaviour differs from the recording in 1 of 4 cases; first: case 1 \(cases-file\) .*at \$\.output: expected "SHOUT", got "SHOUT!"$/,
    );
  });

  it("declared non-deterministic fields are masked and listed, not silently ignored", async () => {
    const root = copyMiniTarget();
    edit(root, `${CAPS}/notes.ts`, "at: run.context.now()", "at: new Date(0).toISOString()");
    expect(problemsOf(await parity(root), "behaviour")[0]).toMatch(
      /^add_note: .*at \$\.created\.at: expected "2026-01-01T00:00:00.000Z", got "1970/,
    );
    writeFileSync(
      join(root, "capkit.config.json"),
      JSON.stringify({ parity: { nondeterministic: ["add_note:created.at"] } }),
    );
    const result = await parity(root);
    const behaviour = result.checks.find((c) => c.name === "behaviour");
    expect(behaviour?.ok).toBe(true);
    expect(behaviour?.ignoredFields).toEqual(["add_note:created.at"]);
  });

  it("drift: a module that copies its spec instead of importing it, and a module file missing from the registry", async () => {
    const root = copyMiniTarget();
    edit(
      root,
      `${CAPS}/notes.ts`,
      "{ spec: addNoteSpec, impl: addNote }",
      "{ spec: { ...addNoteSpec }, impl: addNote }",
    );
    writeFileSync(join(root, CAPS, "extra.ts"), 'export const module = { module: "extra", exports: [] };\n');
    const problems = problemsOf(await parity(root), "drift");
    expect(problems).toContain(
      'module "notes": "add_note" exports a different spec object than the eager table; import the spec from the .specs file instead of copying it',
    );
    expect(problems).toContain(
      'module file extra.ts implements capabilities the registry does not declare (add "extra" to the registry table)',
    );
  });

  it("without a recording the behaviour check fails and says how to record", async () => {
    const root = copyMiniTarget();
    rmSync(join(root, ".capkit/parity-recording.json"));
    const result = await parity(root);
    expect(problemsOf(result, "behaviour")).toEqual([
      expect.stringContaining("run `capkit parity --record` on the tree before migrating"),
    ]);
    expect(result.checks.find((c) => c.name === "category-snapshot")?.ok).toBe(true); // old map read from source instead
  });

  it("an unmigrated root fails every check with the next step", async () => {
    const root = copyMiniTarget();
    rmSync(join(root, CAPS), { recursive: true });
    const result = await parity(root);
    expect(result.ok).toBe(false);
    expect(result.checks.every((c) => !c.ok && c.problems[0]?.includes("run `capkit migrate <root> --all`"))).toBe(
      true,
    );
  });

  it("a mutant the checks cannot see is reported as a survivor", async () => {
    const harmless: Mutant = { name: "identity", description: "the real gate under another name" };
    const result = await parity(copyMiniTarget(), [harmless]);
    expect(result.mutants).toMatchObject({ total: 1, killed: 0, survivors: ["identity"] });
    expect(result.ok).toBe(false);
  });

  it("the parity config section is validated with the field path", () => {
    const root = copyMiniTarget();
    writeFileSync(join(root, "capkit.config.json"), JSON.stringify({ parity: { canaries: { reed: "list_notes" } } }));
    expect(() => loadConfig(root)).toThrow(/parity\.canaries: unknown key "reed"/);
  });
});
