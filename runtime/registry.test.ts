import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createCapabilityRegistry,
  formatCategorySnapshot,
  type CapabilityModule,
  type CapabilitySpec,
} from "./index.js";
import { addNote, listNotes, sampleModules, sampleRegistry, sampleWorld } from "./test-support/sample-capabilities.js";

const spec = (over: Partial<CapabilitySpec> & Record<string, unknown>): CapabilitySpec =>
  ({ name: "x", description: "d", inputSchema: { type: "object" }, category: "read", ...over }) as CapabilitySpec;

describe("registry lookups and laziness", () => {
  it("answers spec lookups synchronously without importing anything", () => {
    const { registry, world } = sampleRegistry();
    expect(registry.capabilitySpec("add_note")).toBe(addNote);
    expect(registry.listCapabilitySpecs().map((s) => s.name)).toEqual([
      "list_notes",
      "add_note",
      "run_job",
      "fetch_url",
    ]);
    expect(registry.capabilityModuleOf("run_job")).toBe("ops");
    expect(registry.capabilityModuleOf("nope")).toBeUndefined();
    expect(registry.modules()).toEqual(["notes", "ops"]);
    expect(world.loads).toEqual([]);
  });

  it("loads only the owning module, once; a module never used is never imported", async () => {
    const { registry, world } = sampleRegistry();
    const impl = await registry.loadCapabilityImpl("list_notes");
    expect(typeof impl).toBe("function");
    await registry.loadCapabilityImpl("add_note");
    await Promise.all([registry.capabilityForName("list_notes"), registry.capabilityForName("add_note")]);
    expect(world.loads).toEqual(["notes"]);
    expect(registry.loadedModules()).toEqual(["notes"]);
    expect(await registry.loadCapabilityImpl("missing")).toBeUndefined();
    expect(world.loads).not.toContain("ops");
  });

  it("a failed load is retried next time, not cached", async () => {
    let attempts = 0;
    const world = sampleWorld();
    const mods = sampleModules(world);
    const registry = createCapabilityRegistry({
      notes: {
        loader: async () => {
          if (++attempts === 1) throw new Error("ENOENT notes.js");
          return mods.notes;
        },
        specs: [listNotes, addNote],
      },
    });
    await expect(registry.loadCapabilityImpl("list_notes")).rejects.toThrow(
      /Loading capability module "notes" for "list_notes" failed: ENOENT/,
    );
    expect(typeof (await registry.loadCapabilityImpl("list_notes"))).toBe("function");
    expect(attempts).toBe(2);
  });

  it("capabilityForName returns the eager spec with the loaded impl", async () => {
    const { registry } = sampleRegistry();
    const cap = await registry.capabilityForName("fetch_url");
    expect(cap?.spec).toBe(registry.capabilitySpec("fetch_url"));
  });

  it("the category snapshot matches the committed file", () => {
    const { registry } = sampleRegistry();
    const committed = readFileSync(new URL("./test-support/category-snapshot.json", import.meta.url), "utf8");
    expect(formatCategorySnapshot(registry.categorySnapshot())).toBe(committed);
    expect(Object.keys(registry.categorySnapshot())).toEqual(["add_note", "fetch_url", "list_notes", "run_job"]);
  });
});

describe("drift checks", () => {
  it("a clean table has no drift", async () => {
    const { registry } = sampleRegistry();
    expect(registry.checkSpecDrift()).toEqual([]);
    expect(await registry.checkDrift()).toEqual([]);
  });

  it("spec-only problems: missing name/description/schema/category, a 'reed' typo, duplicates", () => {
    const dupA = spec({ name: "dup" });
    const registry = createCapabilityRegistry({
      a: {
        loader: async () => ({ module: "a", exports: [] }),
        specs: [
          spec({ name: "" }),
          spec({ name: "no_desc", description: "" }),
          spec({ name: "no_schema", inputSchema: undefined }),
          spec({ name: "no_cat", category: undefined }),
          spec({ name: "typo", category: "reed" as never }),
          dupA,
          spec({ name: "dup" }),
        ],
      },
      b: { loader: async () => ({ module: "b", exports: [] }), specs: [spec({ name: "dup" })] },
    });
    const problems = registry.checkSpecDrift();
    const codes = problems.map((p) => `${p.code}:${p.capability ?? ""}`);
    expect(codes).toEqual([
      "missing-name:",
      "missing-description:no_desc",
      "missing-input-schema:no_schema",
      "missing-category:no_cat",
      "unknown-category:typo",
      "duplicate-name:dup",
      "duplicate-name:dup",
    ]);
    expect(problems.find((p) => p.code === "unknown-category")?.message).toMatch(/"reed" — did you mean "read"\?/);
    expect(problems.filter((p) => p.code === "duplicate-name").map((p) => p.message)).toEqual([
      expect.stringMatching(/declared twice in module "a"/),
      expect.stringMatching(/already declared by module "a"/),
    ]);
  });

  it("module problems: key ≠ declared name, identity, declared-not-implemented, the reverse, load failure", async () => {
    const declared = spec({ name: "one" });
    const copy = { ...declared };
    const missing = spec({ name: "two" });
    const extra = spec({ name: "three" });
    const modA: CapabilityModule = {
      module: "wrong",
      exports: [
        { spec: copy, impl: async () => 1 },
        { spec: extra, impl: async () => 3 },
      ],
    };
    const registry = createCapabilityRegistry({
      a: { loader: async () => modA, specs: [declared, missing] },
      broken: {
        loader: async () => {
          throw new Error("syntax error");
        },
        specs: [spec({ name: "four" })],
      },
    });
    const problems = await registry.checkDrift();
    expect(problems.map((p) => `${p.code}:${p.module}:${p.capability ?? ""}`)).toEqual([
      "module-name-mismatch:a:",
      "spec-identity:a:one",
      "declared-not-implemented:a:two",
      "implemented-not-declared:a:three",
      "module-load-failed:broken:",
    ]);
    expect(problems[1]?.message).toMatch(/import the spec from the \.specs file/);
    await expect(registry.loadCapabilityImpl("two")).rejects.toThrow(
      /declared by module "a" but its module does not implement it/,
    );
  });

  it("a malformed table entry and an export without an impl are problems too", async () => {
    const one = spec({ name: "one" });
    const registry = createCapabilityRegistry({
      bad: { loader: async () => ({ module: "bad", exports: [] }) } as never,
      a: { loader: async () => ({ module: "a", exports: [{ spec: one, impl: undefined as never }] }), specs: [one] },
    });
    expect(registry.checkSpecDrift().map((p) => p.code)).toEqual(["bad-entry"]);
    expect((await registry.checkDrift()).map((p) => `${p.code}:${p.module}`)).toEqual([
      "bad-entry:bad",
      "missing-impl:a",
    ]);
  });
});
