/**
 * migrate's output passes `capkit lint` by construction: every fixture case of every codemod
 * `capkit migrate` runs (codemods/index.ts) is run, written to a temporary root with the config
 * it produced (seam exceptions migrate wrote included) and linted. Twice: under the default seam
 * (`packages/*\/src/tools/**` → `packages/*\/src/capabilities/**`) and under one matching
 * `tools/` and `capabilities/` folders at any depth, so cases laid out as `src/tools/` are
 * checked too and the output holds if the default becomes the any-depth one.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SEAM, DEFAULT_SEAM_CONFIG, resolveSeamConfig, type SeamConfig } from "../lib/config/seam-section.js";
import { runLint } from "../rules/engine/lint-engine.js";
import type { Codemod } from "./codemod.js";
import { CODEMODS } from "./index.js";
import { discoverFixtureCases, runFixtureCase, type FixtureRunOptions } from "./test-support/index.js";
import { fixtureInventory } from "./test-support/fixture-inventory.js";

const ANY_DEPTH = { tools: ["**/tools/**"], capabilities: ["**/capabilities/**"] };
const anyDepthConfig: SeamConfig = {
  ...DEFAULT_SEAM_CONFIG,
  seams: [{ ...DEFAULT_SEAM, from: ANY_DEPTH.tools, to: ANY_DEPTH.capabilities }],
};

/** Fixture options a codemod's own fixture test uses (call-site fixtures carry constructorParams). */
const RUN_OPTIONS: Readonly<Record<string, FixtureRunOptions>> = {
  "tool-construction-to-name": { inventory: fixtureInventory },
};

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function writeTree(files: ReadonlyMap<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-fixture-lint-"));
  roots.push(root);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The seam config lint would load from the produced tree, with the seam's globs replaced. */
function producedSeam(files: ReadonlyMap<string, string>, globs?: typeof ANY_DEPTH): SeamConfig {
  const raw = JSON.parse(files.get("capkit.config.json") ?? "{}") as { seam?: Record<string, unknown> };
  return resolveSeamConfig(globs ? { ...(raw.seam ?? {}), ...globs } : raw.seam);
}

const codemodsDir = fileURLToPath(new URL(".", import.meta.url));
const withFixtures = CODEMODS.map((e) => e.codemod).filter((c: Codemod) => readdirSync(codemodsDir).includes(c.name));

describe("every codemod fixture's output passes capkit lint", () => {
  it("covers every codemod migrate runs", () => {
    expect(withFixtures.map((c) => c.name).sort()).toEqual(CODEMODS.map((e) => e.codemod.name).sort());
  });

  it("is not vacuous: cases whose output crosses the seam get the exceptions migrate wrote", async () => {
    const shims = discoverFixtureCases(join(codemodsDir, "tool-class-to-capability", "__testfixtures__")).find(
      (c) => c.name === "keep-shims",
    );
    if (!shims) throw new Error("keep-shims fixture missing");
    const { toolClassToCapability } = await import("./tool-class-to-capability/index.js");
    const deep = await runFixtureCase(toolClassToCapability, shims, { context: { seam: anyDepthConfig } });
    expect(producedSeam(deep.produced, ANY_DEPTH).seams[0]?.exceptions.map((e) => e.from)).toEqual([
      "src/tools/nodes-tools.ts",
    ]);
    const bare = writeTree(new Map([...deep.produced].filter(([p]) => p !== "capkit.config.json")));
    const lint = await runLint(bare, { config: anyDepthConfig, useBaseline: false });
    expect(lint.violations.map((v) => v.rule)).toContain("no-reverse-seam-import");
  });

  for (const codemod of withFixtures) {
    const cases = discoverFixtureCases(join(codemodsDir, codemod.name, "__testfixtures__"));
    for (const fixture of cases) {
      it(`${codemod.name}/${fixture.name}: default seam and any-depth seam`, async () => {
        const options = RUN_OPTIONS[codemod.name] ?? {};
        const asIs = await runFixtureCase(codemod, fixture, options);
        const lint = await runLint(writeTree(asIs.produced), {
          config: producedSeam(asIs.produced),
          useBaseline: false,
        });
        expect(
          lint.violations.map((v) => `${v.rule} ${v.file}:${v.line}`),
          "default seam",
        ).toEqual([]);

        const deep = await runFixtureCase(codemod, fixture, {
          ...options,
          context: { ...options.context, seam: anyDepthConfig },
        });
        const deepLint = await runLint(writeTree(deep.produced), {
          config: producedSeam(deep.produced, ANY_DEPTH),
          useBaseline: false,
        });
        expect(
          deepLint.violations.map((v) => `${v.rule} ${v.file}:${v.line}`),
          "any-depth seam",
        ).toEqual([]);
      });
    }
  }
});
