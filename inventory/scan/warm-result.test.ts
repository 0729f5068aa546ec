import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../../lib/config/index.js";
import { copyCase } from "../test-support/fixtures.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";
import { emptyTimings, scanInventory } from "./scan-inventory.js";
import { firstNeedles } from "./scan-types.js";
import { openStatCache, statCacheKey } from "./stat-cache.js";
import { memoKey, warmResult } from "./warm-result.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const timings = emptyTimings;
const clean = <T extends { generatedAt: string }>(r: T) => ({ ...r, generatedAt: "" });

/** A copy of the case with every file dated an hour back: settled, so the stat cache records them. */
async function settledCopy(name: string): Promise<{ root: string; files: string[] }> {
  const root = copyCase(name);
  dirs.push(root);
  const files = (await import("fast-glob")).default.sync("**/*", { cwd: root });
  const past = new Date(Date.now() - 3600_000);
  for (const f of files) utimesSync(join(root, f), past, past);
  return { root, files };
}

describe("the warm result (the memo kept with the stat cache)", () => {
  it("answers an unchanged tree without reading a file, with the result a scan without caches gives", async () => {
    for (const name of ["classification", "mixin-heritage", "workspace-exports"]) {
      const { root } = await settledCopy(name);
      const plain = await scanInventory(root, { cache: false });
      await scanInventory(root, { cache: true });
      const t = timings();
      const warm = await scanInventory(root, { cache: true, timings: t });
      expect(t).toMatchObject({ reads: 0, parsedFiles: 0, statHits: plain.scannedFiles });
      expect(clean(warm)).toEqual(clean(plain));
      expect(Date.parse(warm.generatedAt)).not.toBeNaN();
    }
  });

  it("is not used when a file changed, the config changed or a workspace manifest changed", async () => {
    const { root } = await settledCopy("workspace-exports");
    await scanInventory(root, { cache: true });
    // The config: the same tree scanned for another base name.
    const other = parseConfig({ base: { names: ["Nothing"] } }, "test config");
    expect(clean(await scanInventory(root, { cache: true, config: other }))).toEqual(
      clean(await scanInventory(root, { cache: false, config: other })),
    );
    // A workspace package renamed: imports of its old name no longer lead into the tree.
    const prior = await scanInventory(root, { cache: true });
    const manifest = join(root, "packages/agents/package.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace('"@scope/agents"', '"@scope/renamed"'));
    const before = await scanInventory(root, { cache: false });
    const renamed = await scanInventory(root, { cache: true });
    expect(clean(renamed)).toEqual(clean(before));
    expect(clean(renamed)).not.toEqual(clean(prior));
    // A file edited (its stat moves).
    const file = join(root, "packages/agents/src/tools/base-tool.ts");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nexport class LateTool extends Tool {}\n`);
    const edited = await scanInventory(root, { cache: true });
    expect(edited.classes.map((c) => c.name)).toContain("LateTool");
    expect(clean(edited)).toEqual(clean(await scanInventory(root, { cache: false })));
  });

  it("is not kept from a scan with a file too fresh to record: the files recorded are not the files it saw", async () => {
    const { root } = await settledCopy("classification");
    await scanInventory(root, { cache: true });
    // A new Tool subclass dated ahead of the clock: read, counted, but not recorded (racy).
    const added = join(root, "packages/agents/src/late-tool.ts");
    writeFileSync(added, 'import { Tool } from "./tools/base-tool.js";\nexport class LateTool extends Tool {}\n');
    const future = new Date(Date.now() + 3600_000);
    utimesSync(added, future, future);
    expect((await scanInventory(root, { cache: true })).classes.map((c) => c.name)).toContain("LateTool");
    // Removed again: the tree is the one the recorded entries describe, but not the one the last result saw.
    rmSync(added);
    const warm = await scanInventory(root, { cache: true });
    expect(warm.classes.map((c) => c.name)).not.toContain("LateTool");
    expect(clean(warm)).toEqual(clean(await scanInventory(root, { cache: false })));
  });

  it("gives, when a config change sends a warm tree through a full scan, the result a scan without caches gives", async () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-mini-"));
    dirs.push(root);
    cpSync(fileURLToPath(new URL("../../fixtures/nodetool-mini", import.meta.url)), root, { recursive: true });
    const files = (await import("fast-glob")).default.sync("**/*", { cwd: root });
    const past = new Date(Date.now() - 3600_000);
    for (const f of files) utimesSync(join(root, f), past, past);
    await scanInventory(root, { cache: true });
    // Facts of the files still in scope come from the caches, in another order than a cold parse.
    const narrowed = parseConfig({ scan: { exclude: ["**/tools/**"] } }, "test config");
    const warm = await scanInventory(root, { cache: true, config: narrowed });
    expect(clean(warm)).toEqual(clean(await scanInventory(root, { cache: false, config: narrowed })));
  });

  it("never keeps a scan with problems: the next run scans again and reports them again", async () => {
    const { root } = await settledCopy("parse-error");
    const first = await scanInventory(root, { cache: true });
    expect(first.problems.length).toBeGreaterThan(0);
    const t = timings();
    const second = await scanInventory(root, { cache: true, timings: t });
    expect(t.parsedFiles + (t.reads ?? 0)).toBeGreaterThan(0);
    expect(clean(second)).toEqual(clean(first));
  });

  it("is not used by other capkit code: the code stamp is in the memo's key and in the stat cache's", async () => {
    const { root } = await settledCopy("classification");
    await scanInventory(root, { cache: true });
    const { config } = loadConfig(root);
    const packages = listWorkspacePackages(root);
    const files = (await import("fast-glob")).default.sync(config.scan.include as string[], { cwd: root }).sort();
    const open = () => openStatCache(root, statCacheKey(config.base.names, config.classify.beltBuilders), files);
    const needles = firstNeedles(config);
    expect(warmResult(open(), memoKey(root, config, packages), needles)).toBeDefined();
    expect(warmResult(open(), memoKey(root, config, packages, "other code"), needles)).toBeUndefined();
    expect(statCacheKey(["Tool"], [], "other code")).not.toBe(statCacheKey(["Tool"], []));
    // A stat cache written under another code stamp holds nothing for this one.
    const stale = openStatCache(root, statCacheKey(config.base.names, config.classify.beltBuilders, "other"), files);
    expect(stale.searched.size).toBe(0);
    expect(stale.memo(memoKey(root, config, packages))).toBeUndefined();
  });

  it("answers an empty scope without a scan, and keeps it as a memo for the next run", async () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-empty-"));
    dirs.push(root);
    const plain = await scanInventory(root, { cache: false });
    expect(plain).toMatchObject({ scannedFiles: 0, classes: [], problems: [], incomplete: false });
    expect(plain.counters).toMatchObject({ extendsTool: { occurrences: 0, files: 0 }, capabilityShaped: 0 });
    await scanInventory(root, { cache: true });
    const { config } = loadConfig(root);
    const cache = openStatCache(root, statCacheKey(config.base.names, config.classify.beltBuilders), []);
    expect(warmResult(cache, memoKey(root, config, listWorkspacePackages(root)), firstNeedles(config))).toBeDefined();
    expect(clean(await scanInventory(root, { cache: true }))).toEqual(clean(plain));
  });
});
