/**
 * Dog-food: capkit lints itself. capkit.config.json at the repo root declares its internal
 * boundaries, each with its reason (docs/architecture.md lists them: lib/ below every job,
 * jobs meeting through each other's index.ts, a self-contained runtime/, reporters away from
 * engine code, production away from test support); this test fails on any violation or cycle
 * across them, and on a boundary that guards nothing (a side with no files).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runLint } from "./engine/lint-engine.js";
import { getSeamAnalysis } from "./graph/graph-cache.js";
import { loadSeamConfig } from "./seam/load-config.js";
import { sideOf } from "../lib/config/seam-sides.js";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("capkit's own boundaries", () => {
  const config = loadSeamConfig(REPO);

  it("declares the boundaries the architecture promises", () => {
    expect(config.seams.map((s) => s.name)).toEqual([
      "lib-below-jobs",
      "engines-bin",
      "runtime-self-contained",
      "runtime-sandbox",
      "reports-codemods",
      "reports-engines",
      "inventory-entry",
      "codemods-entry",
      "rules-entry",
      "runtime-entry",
      "parity-entry",
      "reports-entry",
      "codemod-tool-class-to-capability",
      "codemod-tool-construction-to-name",
      "codemod-gate-tools-to-capabilities",
      "production-test-support",
    ]);
    for (const seam of config.seams)
      expect(seam.reason.length, `${seam.name}: a boundary says why`).toBeGreaterThan(40);
  });

  it("holds on the current tree", async () => {
    const result = await runLint(REPO, { config });
    expect(result.violations.map((v) => `${v.file}:${v.line} ${v.rule}: ${v.message}`)).toEqual([]);
    expect(result.baselined).toEqual([]);
    expect(result.files).toBeGreaterThan(50);
  });

  it("has files on both sides of every boundary", () => {
    const files = [...getSeamAnalysis(REPO, config).graph.nodes.keys()];
    for (const seam of config.seams) {
      expect(
        files.filter((f) => sideOf(seam, f) === "from").length,
        `${seam.name}: nothing on the guarded side`,
      ).toBeGreaterThan(0);
      expect(
        files.filter((f) => sideOf(seam, f) === "to").length,
        `${seam.name}: nothing on the other side`,
      ).toBeGreaterThan(0);
    }
  });
});
