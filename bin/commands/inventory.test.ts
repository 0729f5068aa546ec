import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyCase } from "../../inventory/test-support/fixtures.js";
import { runCapkit } from "../test-support/run-capkit.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tree = (name = "classification") => {
  const d = copyCase(name);
  dirs.push(d);
  return d;
};

const run = (argv: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean } = {}) =>
  runCapkit(["inventory", ...argv], {
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    env: opts.env ?? {},
    stderrIsTTY: opts.tty ?? false,
  });

describe("capkit inventory", () => {
  it("--json prints exactly one JSON document and nothing else, and saves the result", async () => {
    const root = tree();
    const r = await run([root, "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.root).toBe(root);
    // Issue 13: the classification fixture's LonelyTool is capability-shaped by shape now (was unclassified).
    expect(doc.counters.capabilityShaped).toBe(5);
    expect(doc.classes.length).toBeGreaterThan(0);
    expect(r.stderr).toBe("");
    expect(existsSync(join(root, ".capkit/results/inventory.json"))).toBe(true);
  });

  it("root defaults to the working directory; progress goes to stderr only on a TTY", async () => {
    const root = tree();
    const quiet = await run(["--json"], { cwd: root });
    expect(JSON.parse(quiet.stdout).root).toBe(root);
    const tty = await run(["--json"], { cwd: root, tty: true });
    expect(tty.stderr).toContain("capkit inventory: ");
    expect(() => JSON.parse(tty.stdout)).not.toThrow();
  });

  it("--check: no baseline → 1; after --update-baseline → 0; a new capability-shaped class → 1", async () => {
    const root = tree();
    expect((await run([root, "--check", "--json"])).code).toBe(1);
    const up = await run([root, "--update-baseline", "--reporter", "markdown"]);
    expect(up.code).toBe(0);
    expect(existsSync(join(root, ".capkit/baseline.json"))).toBe(true);
    expect((await run([root, "--check", "--json"])).code).toBe(0);
    writeFileSync(
      join(root, "packages/agents/src/tools/extra-tools.ts"),
      'import { Tool } from "./base-tool.js";\nexport class ExtraTool extends Tool {\n  readonly name = "extra";\n}\nexport function getBuiltinTools() { return [new ExtraTool()]; }\n',
    );
    const worse = await run([root, "--check", "--json"]);
    expect(worse.code).toBe(1);
    expect(JSON.parse(worse.stdout).ratchet).toMatchObject({ status: "worse", added: [{ name: "ExtraTool" }] });
    expect(existsSync(join(root, ".capkit/results/ratchet.json"))).toBe(true);
  });

  it("--update-baseline says what the new baseline accepts and drops against the one it replaces", async () => {
    const root = tree();
    const first = await run([root, "--update-baseline"]);
    expect(first.stderr).toContain("wrote .capkit/baseline.json");
    expect(first.stderr).not.toContain("against the baseline it replaces");
    const again = await run([root, "--update-baseline"]);
    expect(again.stderr).toContain("no class changed against the baseline it replaces");
    writeFileSync(
      join(root, "packages/agents/src/tools/extra-tools.ts"),
      'import { Tool } from "./base-tool.js";\nexport class ExtraTool extends Tool {\n  readonly name = "extra";\n}\nexport function getBuiltinTools() { return [new ExtraTool()]; }\n',
    );
    const grown = await run([root, "--update-baseline"]);
    expect(grown.code).toBe(0);
    expect(grown.stderr).toMatch(
      /accepts 1 new class: ExtraTool \(packages\/agents\/src\/tools\/extra-tools\.ts:2, capability\)/,
    );
    rmSync(join(root, "packages/agents/src/tools/extra-tools.ts"));
    const shrunk = await run([root, "--update-baseline"]);
    expect(shrunk.stderr).toContain(
      "drops 1 class no longer found (converted or deleted): ExtraTool (packages/agents/src/tools/extra-tools.ts)",
    );
    // A broken baseline is replaced (rewriting it is the fix), with nothing to compare against.
    writeFileSync(join(root, ".capkit/baseline.json"), "<<<<<<< HEAD\n");
    const repaired = await run([root, "--update-baseline"]);
    expect(repaired.code).toBe(0);
    expect(repaired.stderr).toContain("wrote .capkit/baseline.json");
  });

  it("keeps the facts cache everywhere and the stat cache only outside CI (a checkout's mtimes are all new)", async () => {
    const local = tree();
    expect((await run([local, "--json"])).code).toBe(0);
    expect(existsSync(join(local, ".capkit/cache/inventory/facts.json"))).toBe(true);
    expect(existsSync(join(local, ".capkit/cache/inventory/stat.bin"))).toBe(true);
    const ci = tree();
    expect((await run([ci, "--json"], { env: { CI: "true" } })).code).toBe(0);
    expect(existsSync(join(ci, ".capkit/cache/inventory/facts.json"))).toBe(true);
    expect(existsSync(join(ci, ".capkit/cache/inventory/stat.bin"))).toBe(false);
  });

  it("warns when nothing is in scope, and refuses to --check an empty scan", async () => {
    const root = tree();
    const config = join(root, "capkit.config.json");
    writeFileSync(config, JSON.stringify({ scan: { include: ["nowhere/**/*.ts"] } }));
    const r = await run([root, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).scannedFiles).toBe(0);
    expect(r.stderr).toContain("warning: no file under");
    expect(r.stderr).toContain("nowhere/**/*.ts");
    const check = await run([root, "--check"]);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain("nothing to check");
    expect(check.stderr).toContain('"scan": { "include"');
    const update = await run([root, "--update-baseline"]);
    expect(update.code).toBe(2);
    expect(update.stderr).toContain("refusing to write .capkit/baseline.json from an empty scan");
    expect(existsSync(join(root, ".capkit/baseline.json"))).toBe(false);
    expect((await run([root, "--update-baseline", "--force"])).code).toBe(0);
    expect(existsSync(join(root, ".capkit/baseline.json"))).toBe(true);
  });

  it("a base.module that does not exist, with no subclass found, fails --check instead of reading as progress", async () => {
    const root = tree();
    expect((await run([root, "--update-baseline"])).code).toBe(0);
    writeFileSync(
      join(root, "capkit.config.json"),
      JSON.stringify({ base: { names: ["Tool"], module: "packages/agents/src/tools/moved-away.ts" } }),
    );
    // The base extends a root class (as LangChain's StructuredTool does), so the by-name fallback
    // for a missing module cannot take it either: the config names a file that is not there.
    const baseFile = join(root, "packages/agents/src/tools/base-tool.ts");
    writeFileSync(
      baseFile,
      readFileSync(baseFile, "utf8").replace(
        "export abstract class Tool<",
        "class Root {}\nexport abstract class Tool<",
      ),
    );
    writeFileSync(
      baseFile,
      readFileSync(baseFile, "utf8").replace(/(export abstract class Tool<[^{]*)\{/, "$1extends Root {"),
    );
    const check = await run([root, "--check"]);
    expect(check.code, check.stderr).toBe(2);
    expect(check.stderr).toContain("base.module packages/agents/src/tools/moved-away.ts does not exist");
    expect((await run([root, "--update-baseline"])).code).toBe(2);
    const plain = await run([root, "--json"]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain("warning: no subclass of Tool found");
  });

  it("CI never rewrites the baseline", async () => {
    const root = tree();
    const r = await run([root, "--update-baseline"], { env: { CI: "true" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("refusing to rewrite the baseline in CI");
    expect(existsSync(join(root, ".capkit/baseline.json"))).toBe(false);
  });

  it("an unparseable file makes the result incomplete (exit 1) and names file:line", async () => {
    const r = await run([tree("parse-error"), "--reporter", "table"], { env: { NO_COLOR: "1" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/packages\/agents\/src\/tools\/broken-tools\.ts:5:\d+: /);
  });

  it("usage, config and root errors exit 2 with a message", async () => {
    const unknown = await run(["--bogus"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--bogus");
    const missing = await run(["/nonexistent/capkit-root"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot read the root");
    expect((await run([tree(), "--reporter", "html"])).code).toBe(2);
    const root = tree();
    writeFileSync(join(root, "capkit.config.json"), '{ "ratchet": { "kinds": "host-bridge" } }');
    const bad = await run([root, "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("capkit.config.json: invalid config: ratchet.kinds");
  });

  it("--config FILE is read relative to the working directory", async () => {
    const root = tree();
    writeFileSync(join(root, "alt.json"), '{ "classify": { "overrides": { "LonelyTool": "supervisor" } } }');
    const r = await run([".", "--json", "--config", "alt.json"], { cwd: root });
    expect(JSON.parse(r.stdout).classes.find((c: { name: string }) => c.name === "LonelyTool").kind).toBe("supervisor");
  });
});
