import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compiledCli } from "./compiled-cli.mjs";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../lib/test-support/toolchain-timeout.js";

const REPO = join(import.meta.dirname, "..");
const tmp = mkdtempSync(join(tmpdir(), "capkit-compiled-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, CAPKIT_COMPILED_CLI: "" };
const at = (cacheDir: string) => ({ env, cacheDir });
const manifestOf = (cacheDir: string) => JSON.parse(readFileSync(join(cacheDir, "manifest.json"), "utf8")) as { build: string; inputs: Record<string, [number, number]> };

describe("compiledCli", { timeout: TOOLCHAIN_TEST_TIMEOUT_MS }, () => {
  it("compiles only the commands that never load target code, and not when turned off", async () => {
    const cacheDir = join(tmp, "off");
    for (const command of ["demo", "parity", "dashboard"]) expect(await compiledCli(command, at(cacheDir))).toBeNull();
    expect(await compiledCli(undefined, at(cacheDir))).toBeNull();
    expect(await compiledCli("inventory", { env: { ...env, CAPKIT_COMPILED_CLI: "0" }, cacheDir })).toBeNull();
    expect(existsSync(cacheDir)).toBe(false);
  });

  it("builds once, then reuses the build while every input is unchanged; a changed input rebuilds", async () => {
    const cacheDir = join(tmp, "cache");
    const first = await compiledCli("inventory", at(cacheDir));
    expect(first).not.toBeNull();
    expect(existsSync(fileURLToPath(first ?? ""))).toBe(true);
    const manifest = manifestOf(cacheDir);
    const inputs = Object.keys(manifest.inputs);
    for (const file of ["bin/capkit.ts", "bin/commands/inventory.ts", "inventory/extract/mask.ts", "package.json", "tsconfig.json"]) expect(inputs).toContain(join(REPO, file));
    expect(await compiledCli("inventory", at(cacheDir))).toBe(first);
    // `import.meta.url` the expression became each module's source URL; the same text inside a
    // string (the banner smoke puts on bundles it makes) was left alone.
    const buildDir = join(cacheDir, manifest.build);
    const bundle = readdirSync(buildDir).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(buildDir, f), "utf8")).join("\n");
    expect(bundle).toContain(`= ${JSON.stringify(pathToFileURL(join(REPO, "lib", "code-cache.ts")).href)}`);
    expect(bundle).toContain("__capkitCreateRequire(import.meta.url)");

    // A source edited since the build (its recorded mtime no longer matches) makes a new build.
    const [file, [size, mtime]] = Object.entries(manifest.inputs)[0] ?? ["", [0, 0]];
    writeFileSync(join(cacheDir, "manifest.json"), JSON.stringify({ ...manifest, inputs: { ...manifest.inputs, [file]: [size, mtime - 1000] } }));
    const rebuilt = await compiledCli("inventory", at(cacheDir));
    expect(rebuilt).not.toBeNull();
    expect(rebuilt).not.toBe(first);
    expect(manifestOf(cacheDir).inputs[file]).toEqual([size, mtime]);

    // The build folder removed by hand: built again rather than pointing at nothing.
    rmSync(join(cacheDir, manifestOf(cacheDir).build), { recursive: true, force: true });
    const again = await compiledCli("inventory", at(cacheDir));
    expect(again).not.toBe(rebuilt);
    expect(existsSync(fileURLToPath(again ?? ""))).toBe(true);
  });

  it("returns null (run through tsx) when the cache cannot be written", async () => {
    const blocker = join(tmp, "a-file");
    writeFileSync(blocker, "");
    expect(await compiledCli("inventory", at(join(blocker, "cache")))).toBeNull();
  });

  it("runs inventory, lint and migrate compiled with the same output and exit code as through tsx", async () => {
    const fixture = join(tmp, "fixture");
    cpSync(join(REPO, "fixtures", "nodetool-mini"), fixture, { recursive: true });
    const run = (env: NodeJS.ProcessEnv, command: string, ...args: string[]) => spawnSync(process.execPath, [join(REPO, "bin", "capkit.mjs"), command, fixture, ...args], { encoding: "utf8", env: { ...env, NO_COLOR: "1" } });
    // The real cache (node_modules/.cache/capkit-cli): compiled chunks resolve packages from where they sit.
    const cases = [
      ["inventory", "--json"],
      ["inventory", "--reporter", "markdown"],
      ["inventory", "--check"],
      ["inventory", "--reporter", "nope"],
      ["lint", "--json"],
      ["migrate", "--namespace", "email", "--dry-run", "--json", "--allow-dirty"],
    ];
    for (const [command = "", ...args] of cases) {
      const compiled = run(env, command, ...args);
      const viaTsx = run({ ...process.env, CAPKIT_COMPILED_CLI: "0" }, command, ...args);
      const clean = (s: string) => s.replace(/"generatedAt": "[^"]*"/g, "");
      expect({ status: compiled.status, out: clean(compiled.stdout), err: compiled.stderr }, `${command} ${args.join(" ")}`).toEqual({ status: viaTsx.status, out: clean(viaTsx.stdout), err: viaTsx.stderr });
    }
    // The runs left a fresh build there, the one `bin/capkit.mjs inventory` imports.
    expect(await compiledCli("inventory", { env })).toContain("/node_modules/.cache/capkit-cli/build-");
  });
});
