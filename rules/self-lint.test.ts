/**
 * Dog-food: capkit lints itself. capkit.config.json at the repo root declares its internal
 * boundaries (reporters never import codemods; engines never import bin/; the runtime core
 * never imports runtime/sandbox); this test fails on any violation or cycle across them, and
 * on a boundary that guards nothing (a side with no files).
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
    expect(config.seams.map((s) => s.name)).toEqual(["reports-codemods", "engines-bin", "runtime-sandbox"]);
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
      expect(files.filter((f) => sideOf(seam, f) === "from").length, `${seam.name}: nothing on the guarded side`).toBeGreaterThan(0);
      expect(files.filter((f) => sideOf(seam, f) === "to").length, `${seam.name}: nothing on the other side`).toBeGreaterThan(0);
    }
  });
});
