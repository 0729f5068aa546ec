import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
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
});
