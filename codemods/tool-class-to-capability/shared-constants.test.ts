/**
 * The shared constants module (emit/shared-file.ts) must keep migrated code lint-clean: the
 * specs file imports it (spec-file purity) and the tools file imports and re-exports it (the
 * seam forbids tools/ → capabilities/). Every fixture case whose expected specs file imports
 * one is migrated, laid out as a workspace package (where the default seam applies) and linted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SEAM_CONFIG, type SeamConfig } from "../../lib/config/seam-section.js";
import { runLint } from "../../rules/engine/lint-engine.js";
import { discoverFixtureCases, listDirFiles, runFixtureCase } from "../test-support/index.js";
import { sharedModulePath } from "./emit/shared-file.js";
import { toolClassToCapability } from "./index.js";

const FIXTURES = new URL("./__testfixtures__", import.meta.url).pathname;
const IMPORTS_SHARED = /from "\.\.\/schemas\/[^"]+\.shared\.js"/;
const importsShared = (dir: string): boolean =>
  listDirFiles(dir).some((f) => f.endsWith(".specs.ts") && IMPORTS_SHARED.test(readFileSync(join(dir, f), "utf8")));
const cases = discoverFixtureCases(FIXTURES).filter((c) => importsShared(c.outputDir));
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe("shared constants module", () => {
  it("is produced by some fixture cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });

  for (const fixture of cases) {
    it(`${fixture.name}: migrated output passes capkit lint as a workspace package`, async () => {
      const report = await runFixtureCase(toolClassToCapability, fixture);
      const root = mkdtempSync(join(tmpdir(), "capkit-shared-"));
      roots.push(root);
      for (const [path, text] of report.produced) {
        const file = join(root, "packages/agents", path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      const specs = [...report.produced].filter(([p]) => p.endsWith(".specs.ts"));
      expect(specs.some(([, text]) => IMPORTS_SHARED.test(text))).toBe(true);
      const lint = await runLint(root, { useBaseline: false });
      expect(lint.violations.map((v) => `${v.rule} ${v.file}:${v.line} ${v.message}`)).toEqual([]);
      expect(lint.seams).toEqual(["tools-capabilities"]);
    });
  }

  const seamWith = (schemaFiles: string[]): SeamConfig => ({
    ...DEFAULT_SEAM_CONFIG,
    specs: { ...DEFAULT_SEAM_CONFIG.specs, schemaFiles },
  });

  it("lives where the seam config lets a specs file import it, on neither side of a seam", () => {
    const dir = "packages/agents/src/capabilities";
    expect(sharedModulePath(dir, "email")).toBe("packages/agents/src/schemas/email.shared.ts");
    expect(sharedModulePath(dir, "email", seamWith(["**/*.schema.ts"]))).toBe(
      "packages/agents/src/email.shared.schema.ts",
    );
    expect(sharedModulePath(dir, "email", seamWith(["contracts/**"]))).toBeNull();
    const wholeSrc = {
      ...DEFAULT_SEAM_CONFIG,
      seams: [{ ...DEFAULT_SEAM_CONFIG.seams[0]!, to: ["packages/*/src/**"] }],
    };
    expect(sharedModulePath(dir, "email", wholeSrc)).toBeNull();
  });

  it("follows a custom seam.specs.schemaFiles end to end: the migrated output lints clean under that config", async () => {
    const fixture = cases[0];
    if (!fixture) throw new Error("no fixture case produces a shared module");
    const seam = seamWith(["**/*.schema.ts"]);
    const report = await runFixtureCase(toolClassToCapability, fixture, { context: { seam } });
    const shared = [...report.produced.keys()].filter((p) => p.includes(".shared."));
    expect(shared.length).toBeGreaterThan(0);
    for (const p of shared) expect(p).toMatch(/^src\/[\w-]+\.shared\.schema\.ts$/);
    const root = mkdtempSync(join(tmpdir(), "capkit-shared-config-"));
    roots.push(root);
    for (const [path, text] of report.produced) {
      const file = join(root, "packages/agents", path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    writeFileSync(
      join(root, "capkit.config.json"),
      JSON.stringify({ seam: { specs: { schemaFiles: ["**/*.schema.ts"] } } }),
    );
    const lint = await runLint(root, { useBaseline: false });
    expect(lint.violations.map((v) => `${v.rule} ${v.file}:${v.line} ${v.message}`)).toEqual([]);
  });

  it("refuses the class as before when no such place exists", async () => {
    const fixture = cases[0];
    if (!fixture) throw new Error("no fixture case produces a shared module");
    const report = await runFixtureCase(toolClassToCapability, fixture, {
      context: { seam: seamWith(["contracts/**"]) },
    });
    expect([...report.produced.keys()].some((p) => p.includes(".shared."))).toBe(false);
    expect(
      report.results.some((r) => r.outcome === "refused" && (r.reason ?? "").includes("which code staying in")),
    ).toBe(true);
  });
});
