import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scanInventory } from "../scan/scan-inventory.js";
import { copyCase } from "../test-support/fixtures.js";
import type { InventoryResult } from "../types.js";
import { buildBaseline, checkRatchet, ratchetExitCode, readBaseline, writeBaseline } from "./index.js";

const FILE = ".capkit/baseline.json";
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tree = () => {
  const d = copyCase("classification");
  dirs.push(d);
  return d;
};
const options = { kinds: [], baselineFile: FILE };

const ARCHIVE_TOOL = `import { Tool } from "./base-tool.js";
export class ArchiveEmailTool extends Tool {
  readonly name = "archive_email";
  readonly description = "archive an email";
  async process(): Promise<unknown> { return 1; }
}
export function getBuiltinTools() { return [new ArchiveEmailTool()]; }
`;

describe("the ratchet compares classes, not totals", () => {
  it("a new capability class fails even when another was removed and the total is unchanged", async () => {
    const root = tree();
    writeBaseline(root, FILE, await scanInventory(root));
    rmSync(join(root, "packages/agents/src/tools/quirky-tools.ts"));
    writeFileSync(join(root, "packages/agents/src/tools/archive-tools.ts"), ARCHIVE_TOOL);
    const now = await scanInventory(root);
    const outcome = checkRatchet(now, readBaseline(root, FILE), options);
    expect(outcome.deltas).toEqual([]); // same count: 4 → 4
    expect(outcome.status).toBe("worse");
    expect(ratchetExitCode(outcome)).toBe(1);
    expect(outcome.added.map((a) => a.name)).toEqual(["ArchiveEmailTool"]);
    expect(outcome.removed.map((r) => r.name)).toEqual(["QuirkyTool"]);
    expect(outcome.hint).not.toMatch(/tighten/);
  });

  it("a baseline with slack (a higher count) does not let a new class through", async () => {
    const root = tree();
    const b = buildBaseline(await scanInventory(root));
    const slack = { ...b, counters: { ...b.counters, capabilityShaped: 99 } };
    writeFileSync(join(root, "packages/agents/src/tools/archive-tools.ts"), ARCHIVE_TOOL);
    const outcome = checkRatchet(await scanInventory(root), slack, options);
    expect(outcome.status).toBe("worse");
    expect(outcome.added.map((a) => a.name)).toEqual(["ArchiveEmailTool"]);
  });

  it("a new subclass of a kind not ratcheted passes, named as not ratcheted; ratcheting its kind fails it", async () => {
    const root = tree();
    const r = await scanInventory(root);
    const baseline = buildBaseline(r);
    const added = {
      ...r.classes[0]!,
      name: "LoopHelperTool",
      file: "packages/agents/src/tools/loop-helper.ts",
      line: 3,
    };
    const now: InventoryResult = { ...r, classes: [...r.classes, { ...added, kind: "loop-protocol" as const }] };
    const outcome = checkRatchet(now, baseline, options);
    expect(outcome.status).toBe("ok");
    expect(ratchetExitCode(outcome)).toBe(0);
    expect(outcome.unratcheted).toEqual([
      { name: "LoopHelperTool", file: "packages/agents/src/tools/loop-helper.ts", line: 3, kind: "loop-protocol" },
    ]);
    expect(outcome.hint).toContain('add the kind to "ratchet": { "kinds": [...] }');
    expect(checkRatchet(r, baseline, options).unratcheted).toBeUndefined();
    const strict = checkRatchet(now, baseline, { ...options, kinds: ["loop-protocol"] });
    expect(strict.status).toBe("worse");
    expect(strict.added.map((a) => a.name)).toEqual(["LoopHelperTool"]);
  });

  it("a class that changed kind without being converted is reclassified, not progress", async () => {
    const root = tree();
    const r = await scanInventory(root);
    const baseline = buildBaseline(r);
    const quirky = r.classes.find((c) => c.name === "QuirkyTool");
    expect(quirky?.kind).toBe("capability");
    // Dropped from its belt, it is (say) unclassified now: the count falls, nothing was converted.
    const classes = r.classes.map((c) => (c === quirky ? { ...c, kind: "unclassified" as const } : c));
    const now: InventoryResult = {
      ...r,
      classes,
      counters: { ...r.counters, capabilityShaped: r.counters.capabilityShaped - 1 },
    };
    const outcome = checkRatchet(now, baseline, options);
    expect(outcome.status).toBe("reclassified");
    expect(outcome.removed).toEqual([]);
    expect(outcome.reclassified).toEqual([
      { name: "QuirkyTool", file: quirky?.file, line: quirky?.line, from: "capability", to: "unclassified" },
    ]);
    expect(outcome.hint).toMatch(/not progress/);
    expect(outcome.hint).not.toMatch(/tighten/);
  });

  it("an incomplete scan is never compared: exit 1, no tighten hint, even when the count went down", async () => {
    const root = tree();
    const r = await scanInventory(root);
    const baseline = buildBaseline(r);
    const problems = [
      { file: "packages/agents/src/tools/a.ts", line: 3, column: 1, message: "';' expected." },
      { file: "packages/agents/src/tools/a.ts", line: 9, column: 1, message: "'}' expected." },
    ];
    const fewer: InventoryResult = {
      ...r,
      classes: r.classes.filter((c) => c.name !== "QuirkyTool"),
      problems,
      incomplete: true,
    };
    const outcome = checkRatchet(fewer, baseline, options);
    expect(outcome.status).toBe("incomplete");
    expect(ratchetExitCode(outcome)).toBe(1);
    expect(outcome.hint).toContain("not compared: 1 file could not be scanned (packages/agents/src/tools/a.ts)");
    expect(outcome.hint).not.toMatch(/tighten/);
  });

  it("an old baseline without class lists gets a clear message to regenerate", () => {
    const root = tree();
    writeFileSync(join(root, "old.json"), JSON.stringify({ version: 1, counters: { capabilityShaped: 3 } }));
    expect(() => readBaseline(root, "old.json")).toThrow(/written by an older capkit/);
  });
});
