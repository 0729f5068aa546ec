import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scanInventory, type ScanPhase } from "./scan/scan-inventory.js";
import { copyCase } from "./test-support/fixtures.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("scanInventory", () => {
  it("reports progress through the callback, ending with done", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const phases: ScanPhase[] = [];
    await scanInventory(root, { onProgress: (e) => phases.push(e.phase) });
    expect(phases[0]).toBe("discover");
    expect(phases.at(-1)).toBe("done");
    expect(phases).toContain("parse");
  });

  it("reuses cached facts for unchanged files and gives the same result", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const first = await scanInventory(root, { cache: true });
    const cacheFile = join(root, ".capkit/cache/inventory/facts.json");
    expect(existsSync(cacheFile)).toBe(true);
    const entries = Object.keys(JSON.parse(readFileSync(cacheFile, "utf8")).entries);
    expect(entries.length).toBeGreaterThan(5);
    const second = await scanInventory(root, { cache: true });
    expect({ ...second, generatedAt: "" }).toEqual({ ...first, generatedAt: "" });
  });

  it("reads capkit.config.json at the root when no config is passed", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const r = await scanInventory(root);
    expect(r.classes.find((c) => c.name === "OddTool")?.kind).toBe("sandbox-pack");
  });

  it("finds a factory's call site in a file the byte gate did not flag (no extends, no new, no belt builder)", async () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-scan-factory-"));
    dirs.push(root);
    const files: Record<string, string> = {
      "packages/agents/src/tools/base-tool.ts": "export abstract class Tool {\n  abstract readonly name: string;\n}\n",
      "packages/agents/src/tools/bridge.ts":
        'import { Tool } from "./base-tool.js";\nexport function makeBridgeTool(wire: string) {\n  return class extends Tool {\n    readonly name = wire;\n  };\n}\n',
      // Only the factory's name ties this file to the class: Sources did not keep its bytes, so phase 2 reads it again.
      "packages/app/src/host.ts":
        'import { makeBridgeTool } from "../../agents/src/tools/bridge.js";\nexport function startHost(label: string) {\n  const Bridge = makeBridgeTool(label);\n  return Bridge;\n}\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const r = await scanInventory(root);
    expect(r.problems).toEqual([]);
    expect(r.classes).toHaveLength(1);
    expect(r.classes[0]?.evidence).toContain("made through makeBridgeTool() in startHost (packages/app/src/host.ts:3)");
  });
});
