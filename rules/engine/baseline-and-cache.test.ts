/**
 * The committed baseline (known violations pass, new ones fail, in `capkit lint` and in the
 * ESLint rules alike) and the shared graph cache (one build per lint run, revalidated when
 * files change, patched for unsaved text).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../bin/capkit.js";
import { lintWithEslint } from "./eslint-run.js";
import { runLint } from "./lint-engine.js";
import { clearGraphCache, getSeamAnalysis, getSeamAnalysisFor, graphBuildCount } from "../graph/graph-cache.js";
import { listSourceFiles } from "../graph/list-files.js";
import { loadSeamConfig } from "../seam/load-config.js";
import { captureIO } from "../../bin/test-support/cli-io.js";
import { FIXTURES } from "../test-support/rule-tester.js";

const T = "packages/agents/src/tools";
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "capkit-lint-"));
  cpSync(join(FIXTURES, "esbuild-deadlock"), root, { recursive: true, filter: (src) => !src.includes(".capkit") });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("lint baseline", () => {
  it("accepts the baselined violations and fails only on new ones", async () => {
    expect((await runLint(root)).violations).toHaveLength(2);
    const io = captureIO(root);
    expect(await main(["lint", ".", "--update-baseline"], io)).toBe(0);
    const baseline = JSON.parse(readFileSync(join(root, ".capkit/lint-baseline.json"), "utf8"));
    expect(baseline).toMatchObject({ version: 1, comment: expect.stringContaining("--update-baseline") });
    expect(baseline.violations.map((v: { rule: string }) => v.rule)).toEqual([
      "no-reverse-seam-import",
      "no-seam-cycle",
    ]);

    const known = await runLint(root);
    expect(known.violations).toEqual([]);
    expect(known.baselined).toHaveLength(2);
    expect(lintWithEslint(root, listSourceFiles(root), ["no-reverse-seam-import", "no-seam-cycle"])).toEqual([]);

    writeFileSync(
      join(root, T, "extra.ts"),
      'import { capabilityFromTool } from "../capabilities/adapters.js";\nexport const extra = capabilityFromTool;\n',
    );
    const fresh = await runLint(root);
    expect(fresh.violations.map((v) => `${v.rule} ${v.file}:${v.line}`)).toEqual([
      `no-reverse-seam-import ${T}/extra.ts:1`,
    ]);
    expect(lintWithEslint(root, [`${T}/extra.ts`], ["no-reverse-seam-import"])).toHaveLength(1);
    rmSync(join(root, T, "extra.ts"));
  });

  it("fails (exit 2) when a seam matches no file on either side, unless the config says it is empty on purpose", async () => {
    const flat = mkdtempSync(join(tmpdir(), "capkit-lint-flat-"));
    try {
      writeFileSync(join(flat, "a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
      writeFileSync(join(flat, "b.ts"), "export const b = 1;\n");
      const io = captureIO(flat);
      expect(await main(["lint", "."], io)).toBe(2);
      expect(io.err.join("")).toContain("seam tools-capabilities (from: **/tools/**");
      expect(io.err.join("")).toContain('"allowEmpty": true');
      expect((await runLint(flat)).unmatchedSeams).toEqual(["tools-capabilities"]);
      expect(await main(["lint", ".", "--update-baseline"], captureIO(flat))).toBe(2);
      expect(existsSync(join(flat, ".capkit/lint-baseline.json"))).toBe(false);
      writeFileSync(join(flat, "capkit.config.json"), JSON.stringify({ seam: { allowEmpty: true } }));
      const ok = captureIO(flat);
      expect(await main(["lint", "."], ok)).toBe(0);
      expect(ok.err.join("")).toBe("");
    } finally {
      rmSync(flat, { recursive: true, force: true });
    }
    // The fixture has the layout the default seam names: nothing to say.
    expect((await runLint(root)).unmatchedSeams).toEqual([]);
  });

  it("a version-less baseline is a config error naming the fix", async () => {
    const other = mkdtempSync(join(tmpdir(), "capkit-lint-bad-"));
    cpSync(join(FIXTURES, "esbuild-deadlock"), other, { recursive: true, filter: (src) => !src.includes(".capkit") });
    writeFileSync(join(other, ".capkit-baseline.json"), "{}");
    writeFileSync(join(other, "capkit.config.json"), JSON.stringify({ seam: { baseline: ".capkit-baseline.json" } }));
    const io = captureIO(other);
    expect(await main(["lint", "."], io)).toBe(2);
    expect(io.err.join("")).toMatch(
      /\.capkit-baseline\.json: the lint baseline is not a version 1 baseline\n {2}hint: regenerate it with `capkit lint --update-baseline`/,
    );
    rmSync(other, { recursive: true, force: true });
  });
});

describe("shared module graph", () => {
  it("is built once for a whole ESLint run over every file", () => {
    clearGraphCache();
    const before = graphBuildCount();
    const files = listSourceFiles(join(FIXTURES, "seam-graph"));
    const found = lintWithEslint(join(FIXTURES, "seam-graph"), files, [
      "no-seam-cycle",
      "no-reverse-seam-import",
      "spec-file-purity",
    ]);
    expect(found.filter((v) => v.rule === "no-seam-cycle")).toHaveLength(4);
    expect(files.length).toBeGreaterThan(20);
    expect(graphBuildCount() - before).toBe(1);
  });

  it("follows edits on disk and unsaved text without a full rebuild", () => {
    const config = loadSeamConfig(root);
    const rel = `${T}/tool-permissions.ts`;
    const original = readFileSync(join(root, rel), "utf8");
    expect(getSeamAnalysis(root, config, 0).cycles).toHaveLength(1);
    const builds = graphBuildCount();
    const fixed = original.replace(
      /^import \{ capabilityFromTool \}.*$/m,
      "const capabilityFromTool = (n: string) => ({ category: n });",
    );
    writeFileSync(join(root, rel), fixed);
    try {
      expect(getSeamAnalysis(root, config, 0).cycles).toHaveLength(0);
      expect(getSeamAnalysisFor(root, config, rel, original, 60_000).cycles).toHaveLength(1);
      expect(getSeamAnalysisFor(root, config, rel, fixed, 60_000).cycles).toHaveLength(0);
      expect(graphBuildCount()).toBe(builds);
    } finally {
      writeFileSync(join(root, rel), original);
    }
  });

  it("builds anew when a tsconfig changes (a long-lived ESLint process sees its paths, or that it broke)", () => {
    const config = loadSeamConfig(root);
    const tsconfig = join(root, "tsconfig.json");
    const before = existsSync(tsconfig) ? readFileSync(tsconfig, "utf8") : null;
    expect(getSeamAnalysis(root, config, 0).graph.unreadable).toEqual([]);
    const builds = graphBuildCount();
    writeFileSync(tsconfig, '{ "compilerOptions": { "paths": { "@x/*": [ } }');
    try {
      const after = getSeamAnalysis(root, config, 0);
      expect(graphBuildCount()).toBe(builds + 1);
      expect(after.graph.unreadable.map((u) => u.file)).toEqual(["tsconfig.json"]);
    } finally {
      if (before === null) rmSync(tsconfig);
      else writeFileSync(tsconfig, before);
    }
    expect(getSeamAnalysis(root, config, 0).graph.unreadable).toEqual([]);
  });
});
