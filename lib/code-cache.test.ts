import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CACHES_PER_LIBRARY, codeCacheDir, requireWithCodeCache } from "./code-cache.js";

const work = mkdtempSync(join(tmpdir(), "capkit-code-cache-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A small CommonJS library that also requires a Node built-in and reads its own scope. */
function library(name: string): string {
  const file = join(work, `${name}.cjs`);
  writeFileSync(
    file,
    `const { sep } = require("node:path");\nexports.name = ${JSON.stringify(name)};\nexports.where = __filename;\nexports.sep = sep;\nexports.double = (n) => n * 2;\n`,
  );
  return file;
}

/** Loads `file` in a fresh Node process through requireWithCodeCache; returns what it reported. */
function loadInChild(file: string, dir: string): { cache: string; name: string; double: number } {
  const script = `
    const { requireWithCodeCache } = await import(${JSON.stringify(join(import.meta.dirname, "code-cache.ts"))});
    const r = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(dir)});
    console.log(JSON.stringify({ cache: r.cache, name: r.exports.name, double: r.exports.double(21) }));`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim()) as { cache: string; name: string; double: number };
}

describe("requireWithCodeCache", () => {
  it("compiles from source once, writes the cache at exit, and loads from it the next time", () => {
    const file = library("lib-a");
    const dir = join(work, "cache-a");
    expect(loadInChild(file, dir)).toEqual({ cache: "miss", name: "lib-a", double: 42 });
    expect(readdirSync(dir)).toHaveLength(1);
    expect(loadInChild(file, dir)).toEqual({ cache: "hit", name: "lib-a", double: 42 });
  });

  it("falls back to compiling when the cache file is not V8's (and rewrites it)", () => {
    const file = library("lib-b");
    const dir = join(work, "cache-b");
    loadInChild(file, dir);
    const [entry] = readdirSync(dir);
    writeFileSync(join(dir, entry as string), "not a code cache");
    expect(loadInChild(file, dir)).toEqual({ cache: "miss", name: "lib-b", double: 42 });
    expect(loadInChild(file, dir).cache).toBe("hit");
  });

  it("gives the module the usual CommonJS scope and registers it, so a later require shares the copy", () => {
    const file = library("lib-c");
    const loaded = requireWithCodeCache<{ where: string; sep: string }>(file, join(work, "cache-c"));
    expect(loaded.exports.where).toBe(file);
    expect(loaded.exports.sep).toBe("/");
    const again = requireWithCodeCache<{ where: string }>(file, join(work, "cache-c"));
    expect(again.cache).toBe("loaded");
    expect(again.exports).toBe(loaded.exports);
  });

  it("is off with CAPKIT_CODE_CACHE=0 and lives in a per-user cache folder otherwise", () => {
    expect(codeCacheDir({ CAPKIT_CODE_CACHE: "0" })).toBeNull();
    expect(codeCacheDir({ XDG_CACHE_HOME: "/home/u/.cache" })).toBe("/home/u/.cache/capkit/v8-code-cache");
    const file = library("lib-d");
    expect(requireWithCodeCache(file, null).cache).toBe("off");
  });

  it("writes a pending cache on request (a worker thread that is terminated never reaches exit)", () => {
    const file = library("lib-e");
    const dir = join(work, "cache-e");
    const script = `
      const { readdirSync } = await import("node:fs");
      const { requireWithCodeCache, writePendingCodeCaches } = await import(${JSON.stringify(join(import.meta.dirname, "code-cache.ts"))});
      requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(dir)});
      writePendingCodeCaches();
      console.log(readdirSync(${JSON.stringify(dir)}).length);`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(r.stdout.trim(), r.stderr).toBe("1");
    expect(loadInChild(file, dir).cache).toBe("hit");
  });

  it("decodes a library with non-ASCII text as UTF-8", () => {
    const file = join(work, "lib-f.cjs");
    writeFileSync(file, 'exports.word = "naïve ✓";\n');
    const loaded = requireWithCodeCache<{ word: string }>(file, join(work, "cache-f"));
    expect(loaded.exports.word).toBe("naïve ✓");
  });

  it("keeps the caches of the last few installs used, so checkouts used in turn each hit; other libraries' stay", () => {
    const file = library("lib-g");
    const dir = join(work, "cache-g");
    mkdirSync(dir, { recursive: true });
    const other = "typescript-9144216-1796159498606-v20.20.2-x64.bin";
    writeFileSync(join(dir, other), "another library's cache");
    // An install is the library's mtime (it is in the cache's name).
    const install = (k: number) =>
      utimesSync(file, new Date(2_000_000_000_000 + k * 1000), new Date(2_000_000_000_000 + k * 1000));
    const caches = () =>
      readdirSync(dir)
        .filter((n) => n !== other)
        .sort();
    install(1);
    expect(loadInChild(file, dir).cache).toBe("miss");
    install(2);
    expect(loadInChild(file, dir).cache).toBe("miss");
    install(1); // back to the first checkout: its cache is still there
    expect(loadInChild(file, dir).cache).toBe("hit");
    install(3);
    expect(loadInChild(file, dir).cache).toBe("miss");
    expect(caches()).toHaveLength(CACHES_PER_LIBRARY);
    install(4); // a fourth install: the one used least recently (install 2) goes
    expect(loadInChild(file, dir).cache).toBe("miss");
    expect(caches()).toHaveLength(CACHES_PER_LIBRARY);
    expect(caches().some((n) => n.includes("-2000000002000-"))).toBe(false);
    expect(caches().some((n) => n.includes("-2000000001000-"))).toBe(true);
    expect(readdirSync(dir)).toContain(other);
    install(1);
    expect(loadInChild(file, dir).cache).toBe("hit");
  });
});
