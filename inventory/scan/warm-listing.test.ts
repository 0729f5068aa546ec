import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, parseConfig } from "../../lib/config/index.js";
import { copyCase } from "../test-support/fixtures.js";
import { discoverFiles } from "./discover.js";
import { scanInventory } from "./scan-inventory.js";
import { readStatCache, statCacheKey } from "./stat-cache.js";
import { listingKey, listingOf, unchangedListing } from "./warm-listing.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const HOUR = 3600_000;
const clean = <T extends { generatedAt: string }>(r: T) => ({ ...r, generatedAt: "" });

/** Every file and folder of the tree dated an hour back. */
function settle(dir: string): void {
  const past = new Date(Date.now() - HOUR);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) settle(path);
    if (!e.isSymbolicLink()) utimesSync(path, past, past);
  }
  utimesSync(dir, past, past);
}

/**
 * A settled copy of a case. Folders' ctimes are always fresh (no call sets them), so the scans
 * run on a clock a minute ahead: everything is then older than the racy window.
 */
function settledCopy(name: string): string {
  const root = copyCase(name);
  dirs.push(root);
  settle(root);
  return root;
}
const ahead = () => Date.now() + 60_000;

/** The files the stored listing answers for (undefined: the next scan walks). */
function storedListing(root: string): string[] | undefined {
  const { config } = loadConfig(root);
  const stored = readStatCache(root, statCacheKey(config.base.names, config.classify.beltBuilders));
  return unchangedListing(root, stored, listingKey(config.scan));
}

async function walked(root: string): Promise<string[]> {
  return discoverFiles(root, loadConfig(root).config.scan);
}

describe("the warm listing (the files without a walk while no folder moved)", () => {
  it("is kept by a cached scan and gives the files the walk gives, and the same result", async () => {
    const root = settledCopy("classification");
    const plain = await scanInventory(root, { cache: false });
    await scanInventory(root, { cache: true, now: ahead });
    expect(storedListing(root)).toEqual(await walked(root));
    expect(clean(await scanInventory(root, { cache: true, now: ahead }))).toEqual(clean(plain));
  });

  it("is not used once a file is added, removed or renamed, or a folder added or renamed", async () => {
    const root = settledCopy("classification");
    const tools = join(root, "packages/agents/src/tools");
    const steps: Array<() => void> = [
      () =>
        writeFileSync(
          join(tools, "late.ts"),
          'import { Tool } from "./base-tool";\nexport class LateTool extends Tool {}\n',
        ),
      () => renameSync(join(tools, "late.ts"), join(tools, "later.ts")),
      () => rmSync(join(tools, "later.ts")),
      () => {
        mkdirSync(join(tools, "deep"));
        writeFileSync(
          join(tools, "deep", "deep.ts"),
          'import { Tool } from "../base-tool";\nexport class DeepTool extends Tool {}\n',
        );
      },
      () => renameSync(join(tools, "deep"), join(tools, "deeper")),
    ];
    await scanInventory(root, { cache: true, now: ahead });
    for (const step of steps) {
      expect(storedListing(root)).toBeDefined();
      step();
      // The file's own date set back: only its folder says that something moved.
      for (const f of ["late.ts", "later.ts", "deep/deep.ts", "deeper/deep.ts"])
        try {
          utimesSync(join(tools, f), new Date(Date.now() - HOUR), new Date(Date.now() - HOUR));
        } catch {
          // not there at this step
        }
      expect(storedListing(root)).toBeUndefined();
      const warm = await scanInventory(root, { cache: true, now: ahead });
      expect(clean(warm)).toEqual(clean(await scanInventory(root, { cache: false })));
      expect(storedListing(root)).toEqual(await walked(root));
    }
    const names = (await scanInventory(root, { cache: true, now: ahead })).classes.map((c) => c.name);
    expect(names).toContain("DeepTool");
    expect(names).not.toContain("LateTool");
  });

  it("is keyed by the scope: another include walks again", async () => {
    const root = settledCopy("classification");
    await scanInventory(root, { cache: true, now: ahead });
    const narrow = parseConfig({ scan: { include: ["packages/agents/src/tools/*.ts"] } }, "test config");
    expect(listingKey(narrow.scan)).not.toBe(listingKey(loadConfig(root).config.scan));
    const result = await scanInventory(root, { cache: true, now: ahead, config: narrow });
    expect(clean(result)).toEqual(clean(await scanInventory(root, { cache: false, config: narrow })));
  });

  it("is not kept when a symlink takes part, or a folder changed just before the walk", async () => {
    const linked = settledCopy("classification");
    symlinkSync(join(linked, "packages/agents/src/tools"), join(linked, "packages/agents/src/linked"));
    settle(linked);
    await scanInventory(linked, { cache: true, now: ahead });
    expect(storedListing(linked)).toBeUndefined();
    // Fresh folders (a real clock): too young to be trusted on their stat.
    const fresh = copyCase("classification");
    dirs.push(fresh);
    await scanInventory(fresh, { cache: true });
    expect(storedListing(fresh)).toBeUndefined();
    const trace = { folders: ["", "packages"], opaque: false };
    expect(listingOf(fresh, "k", trace, Date.now())).toBeNull();
    expect(listingOf(fresh, "k", trace, ahead())?.folders).toEqual(["", "packages"]);
    expect(listingOf(fresh, "k", { ...trace, opaque: true }, ahead())).toBeNull();
  });

  it("anchors a missing start folder to its nearest folder: creating it walks again", async () => {
    const root = mkdtempSync(join(tmpdir(), "capkit-listing-empty-"));
    dirs.push(root);
    mkdirSync(join(root, ".capkit"));
    settle(root);
    await scanInventory(root, { cache: true, now: ahead });
    expect(storedListing(root)).toEqual([]);
    mkdirSync(join(root, "packages/a/src"), { recursive: true });
    writeFileSync(join(root, "packages/a/src/t.ts"), "export class Tool {}\nexport class ATool extends Tool {}\n");
    expect(storedListing(root)).toBeUndefined();
    const after = await scanInventory(root, { cache: true, now: ahead });
    expect(after.scannedFiles).toBe(1);
    expect(clean(after)).toEqual(clean(await scanInventory(root, { cache: false })));
  });
});
