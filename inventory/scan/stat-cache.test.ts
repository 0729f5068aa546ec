import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../test-support/fixtures.js";
import { emptyTimings, scanInventory } from "./scan-inventory.js";
import { openStatCache, statCacheKey, type FileStat } from "./stat-cache.js";
import { readStatFile } from "./stat-file.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every file of the tree dated an hour before `now`: settled, so the stat cache records them. */
function settle(root: string, files: readonly string[], now = Date.now()): void {
  const past = new Date(now - 3600_000);
  for (const f of files) utimesSync(join(root, f), past, past);
}

const statPath = (root: string) => join(root, ".capkit/cache/inventory/stat.bin");
const statEntries = (root: string) => readStatFile(statPath(root))?.paths.split("\0") ?? [];
const clean = <T extends { generatedAt: string }>(r: T) => ({ ...r, generatedAt: "" });

describe("the stat cache", () => {
  it("answers for unchanged files without reading them, with the same result as a scan without caches", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const plain = await scanInventory(root, { cache: false });
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    const firstTimings = emptyTimings();
    const first = await scanInventory(root, { cache: true, timings: firstTimings });
    expect(firstTimings).toMatchObject({ statHits: 0 });
    expect(statEntries(root)).toHaveLength(plain.scannedFiles);
    const secondTimings = emptyTimings();
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
    const files = Array.from({ length: 300 }, (_, i) => `f${i}.ts`);
    const settled: FileStat = { mtimeMs: Date.now() - 3600_000, ctimeMs: Date.now() - 3600_000, size: 10, ino: 7 };
    const writer = openStatCache(root, key, files, Date.now());
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
    files.forEach((_, i) => writer.record(i, settled, i === 299 ? gate : undefined, i === 299 ? ["Tool"] : []));
    writer.save(["Tool"]);
    const same = openStatCache(root, key, files);
    same.statFiles(() => settled);
    expect(same.unchanged).toBe(true);
    expect(same.hitOf(0)?.hits.size).toBe(0);
    expect(same.hitOf(299)?.gate?.declaresBase).toBe(true);
    expect([...(same.hitOf(299)?.hits ?? [])]).toEqual(["Tool"]);
    // A fresh checkout: every stat differs from the one recorded, so it stops asking.
    const reader = openStatCache(root, key, files);
    let stats = 0;
    reader.statFiles(() => (stats++, { ...settled, mtimeMs: settled.mtimeMs + 1 }));
    expect(stats).toBe(256);
    expect(reader.hitOf(0)).toBeUndefined();
    expect(reader.unchanged).toBe(false);
    const other = openStatCache(root, statCacheKey(["Other"], []), files);
    other.statFiles(() => (stats++, settled));
    expect(stats).toBe(256);
    expect(other.hitOf(0)).toBeUndefined();
  });

  it("ignores a truncated, padded, garbage or older cache file: every file is read again, the result is the same", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    const plain = await scanInventory(root, { cache: false });
    await scanInventory(root, { cache: true });
    const good = readFileSync(statPath(root));
    const spoilt = [
      good.subarray(0, good.length - 8),
      Buffer.concat([good, Buffer.alloc(8)]),
      Buffer.from("not a cache at all"),
      Buffer.from(good.toString("latin1").replace("capkit-stat/6", "capkit-stat/4"), "latin1"),
      Buffer.from(JSON.stringify({ key: "x", searched: [], entries: {} })),
    ];
    for (const bytes of spoilt) {
      writeFileSync(statPath(root), bytes);
      const timings = emptyTimings();
      expect(clean(await scanInventory(root, { cache: true, timings }))).toEqual(clean(plain));
      expect(timings).toMatchObject({ statHits: 0, reads: expect.any(Number) });
      expect(timings.reads).toBeGreaterThanOrEqual(plain.scannedFiles);
    }
  });

  it("ignores a cache file with a byte changed inside a section (the layout still holds): its sum no longer matches", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    const plain = await scanInventory(root, { cache: false });
    await scanInventory(root, { cache: true });
    const good = readFileSync(statPath(root)).toString("latin1");
    const counter = `"capabilityShaped":${plain.counters.capabilityShaped}`;
    expect(good).toContain(counter);
    // The memo's counter rewritten to another digit of the same width: the same layout, another result.
    const other = counter.slice(0, -1) + String((Number(counter.at(-1)) + 1) % 10);
    writeFileSync(statPath(root), Buffer.from(good.replace(counter, other), "latin1"));
    expect(readStatFile(statPath(root))).toBeNull();
    expect(clean(await scanInventory(root, { cache: true }))).toEqual(clean(plain));
  });

  it("reads a file edited to the same size with its mtime set back (the ctime moved)", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    await scanInventory(root, { cache: true });
    const file = join(root, "packages/agents/src/tools/base-tool.ts");
    const before = statSync(file);
    const text = readFileSync(file, "utf8");
    // Same length: `class Tool` becomes `class Toul`, so what declares the base is gone.
    writeFileSync(file, text.replace("class Tool", "class Toul"));
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs, ino: before.ino });
    expect(statSync(file).ctimeMs).not.toBe(before.ctimeMs);
    const timings = emptyTimings();
    const after = await scanInventory(root, { cache: true, timings });
    expect(timings.statHits).toBe(files.length - 1);
    expect(clean(after)).toEqual(clean(await scanInventory(root, { cache: false })));
  });

  it("notices a deleted and an added file, and still answers for the others", async () => {
    const root = copyCase("classification");
    dirs.push(root);
    const files = (await import("fast-glob")).default.sync("packages/**/*.ts", { cwd: root });
    settle(root, files);
    await scanInventory(root, { cache: true });
    const gone = files.find((f) => f !== "packages/agents/src/tools/base-tool.ts" && f.includes("/tools/")) ?? "";
    rmSync(join(root, gone));
    const added = "packages/agents/src/tools/added-tools.ts";
    writeFileSync(
      join(root, added),
      'import { Tool } from "./base-tool";\nexport class AddedTool extends Tool {\n  readonly name = "added";\n}\n',
    );
    settle(root, [added]);
    const timings = emptyTimings();
    const after = await scanInventory(root, { cache: true, timings });
    expect(timings.statHits).toBe(files.length - 1);
    expect(after.classes.map((c) => c.name)).toContain("AddedTool");
    expect(after.classes.some((c) => c.file === gone)).toBe(false);
    expect(clean(after)).toEqual(clean(await scanInventory(root, { cache: false })));
    expect(statEntries(root)).toContain(added);
    expect(statEntries(root)).not.toContain(gone);
  });
});
