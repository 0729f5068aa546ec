import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkRatchet,
  ratchetExitCode,
  readBaseline,
  serializeBaseline,
  buildBaseline,
  writeBaseline,
} from "./ratchet/index.js";
import { scanInventory } from "./scan/scan-inventory.js";
import { copyCase } from "./test-support/fixtures.js";

const FILE = ".capkit/baseline.json";
const dirs: string[] = [];
const tree = () => {
  const d = copyCase("classification");
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const NEW_TOOL = `import { Tool } from "./base-tool.js";
export class ExtraTool extends Tool {
  readonly name = "extra";
  readonly description = "extra";
  async process(): Promise<unknown> { return 1; }
}
export function getBuiltinTools() { return [new ExtraTool()]; }
`;

describe("ratchet", () => {
  it("writes a deterministic, sorted, versioned baseline with a merge-conflict header", async () => {
    const root = tree();
    const r = await scanInventory(root);
    writeBaseline(root, FILE, r);
    const text = readFileSync(join(root, FILE), "utf8");
    expect(text).toBe(serializeBaseline(buildBaseline(await scanInventory(root))));
    const doc = JSON.parse(text);
    expect(Object.keys(doc)).toEqual(["_comment", "classes", "counters", "version"]);
    expect(Object.keys(doc.counters)).toEqual([...Object.keys(doc.counters)].sort());
    expect(doc.version).toBe(1);
    expect(doc._comment.join(" ")).toContain("capkit inventory --update-baseline");
    expect(doc.classes.capabilityShaped).toEqual([...doc.classes.capabilityShaped].sort());
    expect(doc.counters.capabilityShaped).toBe(r.counters.capabilityShaped);
  });

  it("fails (exit 1) when the capability-shaped count grows, naming the new class", async () => {
    const root = tree();
    writeBaseline(root, FILE, await scanInventory(root));
    writeFileSync(join(root, "packages/agents/src/tools/extra-tools.ts"), NEW_TOOL);
    const outcome = checkRatchet(await scanInventory(root), readBaseline(root, FILE), {
      kinds: [],
      baselineFile: FILE,
    });
    expect(outcome.status).toBe("worse");
    expect(ratchetExitCode(outcome)).toBe(1);
    // Issue 13: LonelyTool (no schema, no site) is capability-shaped by shape, so the baseline holds 5.
    expect(outcome.deltas).toEqual([{ counter: "capabilityShaped", baseline: 5, current: 6 }]);
    expect(outcome.added).toEqual([
      { name: "ExtraTool", file: "packages/agents/src/tools/extra-tools.ts", line: 2, kind: "capability" },
    ]);
    expect(outcome.hint).toContain("ExtraTool (packages/agents/src/tools/extra-tools.ts:2)");
  });

  it("passes with a hint to tighten when the count shrinks", async () => {
    const root = tree();
    writeBaseline(root, FILE, await scanInventory(root));
    rmSync(join(root, "packages/agents/src/tools/quirky-tools.ts"));
    const outcome = checkRatchet(await scanInventory(root), readBaseline(root, FILE), {
      kinds: [],
      baselineFile: FILE,
    });
    expect(outcome.status).toBe("better");
    expect(ratchetExitCode(outcome)).toBe(0);
    expect(outcome.removed).toEqual([
      { name: "QuirkyTool", file: "packages/agents/src/tools/quirky-tools.ts", kind: "capability" },
    ]);
    expect(outcome.hint).toContain("--update-baseline");
  });

  it("ratchets extra kinds from config and reports a missing baseline", async () => {
    const root = tree();
    const r = await scanInventory(root);
    expect(checkRatchet(r, null, { kinds: [], baselineFile: FILE }).status).toBe("no-baseline");
    const b = buildBaseline(r);
    const fewer = {
      ...b,
      counters: { ...b.counters, "kind:host-bridge": 1 },
      classes: { ...b.classes, "kind:host-bridge": [] },
    };
    const outcome = checkRatchet(r, fewer, { kinds: ["host-bridge"], baselineFile: FILE });
    expect(outcome.status).toBe("worse");
    expect(outcome.deltas).toEqual([{ counter: "kind:host-bridge", baseline: 1, current: 3 }]);
    expect(checkRatchet(r, b, { kinds: ["host-bridge"], baselineFile: FILE }).status).toBe("ok");
  });

  it("a baseline with conflict markers is a config error naming the fix", async () => {
    const root = tree();
    writeFileSync(join(root, "conflicted.json"), "<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> other\n");
    expect(() => readBaseline(root, "conflicted.json")).toThrow(/not valid JSON/);
  });
});
