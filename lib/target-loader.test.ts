import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "./test-support/toolchain-timeout.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const driver = join(here, "test-support", "target-loader-driver.ts");
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function copyToTmp(src: string): string {
  const dir = mkdtempSync(join(tmpdir(), "capkit-target-"));
  temps.push(dir);
  cpSync(src, dir, { recursive: true });
  return dir;
}

function importInChild(root: string, rel: string): { status: number | null; stdout: string; stderr: string } {
  // A real Node process (vitest resolves through vite, not Node's hooks), started from /.
  const r = spawnSync(process.execPath, ["--import", tsx, driver, root, rel], { cwd: "/", encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("importFromTarget", { timeout: TOOLCHAIN_TEST_TIMEOUT_MS }, () => {
  it("refreshTarget makes the next import see files rewritten since the first import (migrate, then parity, in one process)", () => {
    const root = copyToTmp(join(here, "__fixtures__", "tiny-target"));
    const src = join(root, "packages", "app", "src");
    writeFileSync(join(src, "dep.ts"), 'export const state = "before";\n');
    writeFileSync(join(src, "uses-dep.ts"), 'import { state } from "./dep.js";\nexport const report = () => state;\n');
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        tsx,
        join(here, "test-support", "target-refresh-driver.ts"),
        root,
        "packages/app/src/uses-dep.ts",
        "packages/app/src/dep.ts",
      ],
      { cwd: "/", encoding: "utf8" },
    );
    expect(r.stderr).not.toMatch(/Error/);
    // Node caches ES modules by URL: without a refresh the process keeps running the old file.
    expect(JSON.parse(r.stdout)).toEqual({ first: "before", stale: "before", fresh: "after" });
  });

  it("loads a tree copied under the OS temp dir with no node_modules: workspace names, zod and capkit/runtime resolve", () => {
    const root = copyToTmp(join(here, "__fixtures__", "tiny-target"));
    expect(existsSync(join(root, "node_modules"))).toBe(false);
    const r = importInChild(root, "packages/app/src/main.ts");
    expect(r.stderr).not.toMatch(/Error/);
    expect(JSON.parse(r.stdout)).toEqual({ greeting: "hello tmp", helper: "relative .js → .ts works", drift: [] });
  });

  it("resolves a workspace package's subpaths: exact `exports` keys and `*` patterns, `.js` targets through their `.ts` source", () => {
    const root = copyToTmp(join(here, "__fixtures__", "tiny-target"));
    const core = join(root, "packages", "core");
    writeFileSync(
      join(core, "package.json"),
      JSON.stringify({
        name: "@tiny/core",
        type: "module",
        exports: {
          ".": "./src/index.ts",
          "./version": { types: "./dist/version.d.ts", default: "./src/version.ts" },
          "./text/*": "./src/text/*.js",
        },
      }),
    );
    mkdirSync(join(core, "src", "text"), { recursive: true });
    writeFileSync(join(core, "src", "version.ts"), 'export const version = "1.2.3";\n');
    writeFileSync(join(core, "src", "text", "upper.ts"), "export const upper = (s: string) => s.toUpperCase();\n");
    writeFileSync(
      join(root, "packages", "app", "src", "subpaths.ts"),
      'import { version } from "@tiny/core/version";\nimport { upper } from "@tiny/core/text/upper";\nexport const report = () => upper(`v${version}`);\n',
    );
    const r = importInChild(root, "packages/app/src/subpaths.ts");
    expect(r.stderr).not.toMatch(/Error/);
    expect(JSON.parse(r.stdout)).toBe("V1.2.3");
  });

  it("still fails, naming the package, for one that is neither in the workspace nor lent by capkit", () => {
    const root = copyToTmp(join(here, "__fixtures__", "tiny-target"));
    writeFileSync(
      join(root, "packages", "app", "src", "stray.ts"),
      'import "left-pad";\nexport const report = () => 1;\n',
    );
    const r = importInChild(root, "packages/app/src/stray.ts");
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/Cannot find package 'left-pad'/);
  });
});
