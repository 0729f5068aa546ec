import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../test-support/fixtures.js";
import { scanInventory } from "./scan-inventory.js";
import { openStatCache, statCacheKey } from "./stat-cache.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every file of the tree dated an hour before `now`: settled, so the stat cache records them. */
function settle(root: string, files: readonly string[], now = Date.now()): void {
  const past = new Date(now - 3600_000);
  for (const f of files) utimesSync(join(root, f), past, past);
}

const statEntries = (root: string) =>
  Object.keys(
    (JSON.parse(readFileSync(join(root, ".capkit/cache/inventory/stat.json"), "utf8")) as { entries: object }).entries,
  );
const clean = <T extends { generatedAt: string }>(r: T) => ({ ...r, generatedAt: "" });

describe("the stat cache", () => {
  it("answers for unchanged files without reading them, with the same result as a scan without caches", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const plain = await scanInventory(root, { cache: false });
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    const firstTimings = { discover: 0, read: 0, prefilter: 0, parse: 0, analyze: 0, parsedFiles: 0, parsedChars: 0 };
    const first = await scanInventory(root, { cache: true, timings: firstTimings });
    expect(firstTimings).toMatchObject({ statHits: 0 });
    expect(statEntries(root)).toHaveLength(plain.scannedFiles);
    const secondTimings = { discover: 0, read: 0, prefilter: 0, parse: 0, analyze: 0, parsedFiles: 0, parsedChars: 0 };
    const second = await scanInventory(root, { cache: true, timings: secondTimings });
    expect(secondTimings).toMatchObject({ statHits: plain.scannedFiles });
    expect(clean(first)).toEqual(clean(plain));
    expect(clean(second)).toEqual(clean(plain));
  });

  it("reads a file again when its stat changed, and finds what changed", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    const before = await scanInventory(root, { cache: true });
    // An existing, settled file gains a subclass: its mtime moves, so it is read again.
    const file = join(root, "packages/agents/src/tools/base-tool.ts");
    writeFileSync(
      file,
      `${readFileSync(file, "utf8")}\nexport class LateTool extends Tool {\n  readonly name = "late";\n}\n`,
    );
    const after = await scanInventory(root, { cache: true });
    expect(after.classes.length).toBe(before.classes.length + 1);
    expect(after.classes.map((c) => c.name)).toContain("LateTool");
  });

  it("does not trust a file modified just before the scan (same size and mtime could hide an edit)", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    // The scan's clock is the test's: the new file is dated a moment before the scan starts,
    // however long the machine takes between writing it and scanning.
    const scanStart = Date.UTC(2026, 0, 1);
    settle(root, files, scanStart);
    const fresh = "packages/agents/src/tools/fresh-tools.ts";
    writeFileSync(join(root, fresh), "export const a = 1;\n");
    utimesSync(join(root, fresh), new Date(scanStart - 500), new Date(scanStart - 500));
    await scanInventory(root, { cache: true, now: () => scanStart });
    // Not recorded, so the next scan reads it whatever its stat says; settled files are recorded.
    expect(statEntries(root)).not.toContain(fresh);
    expect(statEntries(root)).toContain("packages/agents/src/tools/base-tool.ts");
  });

  it("is keyed by the base and belt names, and gives up stat-ing when nothing it holds matches", () => {
    expect(statCacheKey(["Tool"], ["getBuiltinTools"])).not.toBe(statCacheKey(["BaseTool"], ["getBuiltinTools"]));
    expect(statCacheKey(["Tool"], ["a", "b"])).toBe(statCacheKey(["Tool"], ["b", "a"]));
    const root = copyCase("classification");
    dirs.push(root);
    const key = statCacheKey(["Tool"], []);
    const writer = openStatCache(root, key, Date.now());
    const st = statSync(join(root, "packages/agents/src/tools/base-tool.ts"));
    const gate = {
      hinted: false,
      baseArgument: false,
      declaresBase: true,
      newTargets: [],
      mentionsBelt: false,
      idents: [],
      imported: [],
      extendsLocalVariable: false,
      extendsDefaultImport: false,
    };
    for (let i = 0; i < 300; i++)
      writer.record(`f${i}.ts`, { ...st, mtimeMs: st.mtimeMs - 3600_000 } as typeof st, gate);
    writer.save();
    const reader = openStatCache(root, key);
    expect(reader.has("f0.ts")).toBe(true);
    // A fresh checkout: every stat differs from the one recorded.
    for (let i = 0; i < 256; i++) expect(reader.lookup(`f${i}.ts`, st)).toBeUndefined();
    expect(reader.has("f299.ts")).toBe(false);
    expect(openStatCache(root, statCacheKey(["Other"], [])).has("f0.ts")).toBe(false);
  });
});
