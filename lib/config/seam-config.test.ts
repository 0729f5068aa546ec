/** The `seam` section of capkit.config.json (lib/config/seam-section.ts) and its glob language. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "./index.js";
import { DEFAULT_SEAM, DEFAULT_SEAM_CONFIG, resolveSeamConfig } from "./seam-section.js";
import { ConfigError } from "../errors.js";
import { matchesAny } from "../glob-list.js";
import { sideOf } from "./seam-sides.js";

describe("resolveSeamConfig", () => {
  it("defaults to the NodeTool tools → capabilities seam", () => {
    expect(resolveSeamConfig(undefined)).toBe(DEFAULT_SEAM_CONFIG);
    expect(resolveSeamConfig({}).seams).toEqual([DEFAULT_SEAM]);
    expect(parseConfig({}, "capkit.config.json").seam.seams).toEqual([DEFAULT_SEAM]);
  });

  it("shorthand keys adjust the default seam; `seams` adds boundaries", () => {
    const config = resolveSeamConfig({
      tools: "src/tools/**",
      exceptions: [{ from: "src/tools/belt.ts", reason: "belt assembly" }],
      seams: [{ name: "reports-codemods", from: ["reports/**"], to: "codemods/**", reason: "render only" }],
    });
    expect(config.seams.map((s) => [s.name, s.from, s.to])).toEqual([
      ["tools-capabilities", ["src/tools/**"], DEFAULT_SEAM.to],
      ["reports-codemods", ["reports/**"], ["codemods/**"]],
    ]);
    expect(config.seams[0]?.exceptions).toEqual([{ from: "src/tools/belt.ts", reason: "belt assembly" }]);
    expect(resolveSeamConfig({ seams: [] }).seams).toEqual([]);
  });

  it.each([
    [{ tools: [] }, '"tools" must be a glob or a non-empty list'],
    [{ exceptions: [{ from: "a.ts" }] }, '"exceptions[0].reason" must be a non-empty string'],
    [{ colour: "red" }, 'unknown key "colour"'],
    [
      {
        seams: [
          { name: "a", from: "x/**", to: "y/**", reason: "r" },
          { name: "a", from: "x/**", to: "z/**", reason: "r" },
        ],
      },
      'two seams are named "a"',
    ],
    [{ allowTypeImports: "no" }, '"allowTypeImports" must be true or false'],
    [{ allowEmpty: "yes" }, '"allowEmpty" must be true or false'],
    [
      { seams: [{ name: "a", from: "x/**", to: "y/**", reason: "r", allowEmpty: 1 }] },
      '"seams[0].allowEmpty" must be true or false',
    ],
    [{ specs: { categories: [] } }, '"specs.categories" must be a glob or a non-empty list'],
  ])("rejects %j with a message naming the key", (raw, message) => {
    expect(() => resolveSeamConfig(raw, "capkit.config.json")).toThrow(ConfigError);
    expect(() => resolveSeamConfig(raw, "capkit.config.json")).toThrow(message);
  });

  it("`allowEmpty` marks a seam that may match nothing, on the shorthand and per seam", () => {
    expect(DEFAULT_SEAM.allowEmpty).toBe(false);
    expect(resolveSeamConfig({ allowEmpty: true }).seams.map((s) => [s.name, s.allowEmpty, s.from])).toEqual([
      ["tools-capabilities", true, DEFAULT_SEAM.from],
    ]);
    const seams = resolveSeamConfig({
      seams: [{ name: "later", from: "a/**", to: "b/**", reason: "r", allowEmpty: true }],
    }).seams;
    expect(seams.map((s) => [s.name, s.allowEmpty])).toEqual([["later", true]]);
  });

  it("errors reach the whole-config loader as a `seam` issue", () => {
    expect(() => parseConfig({ seam: { tools: 1 } }, "capkit.config.json")).toThrow(/seam: "tools" must be a glob/);
  });
});

describe("the default seam fits any layout", () => {
  it.each([
    ["packages/agents/src/tools/tool-permissions.ts", "from"],
    ["packages/agents/src/capabilities/adapters.ts", "to"],
    ["src/tools/a.ts", "from"],
    ["src/capabilities/b.ts", "to"],
    ["libs/agent/tools/a.ts", "from"],
    ["apps/server/src/capabilities/deep/b.ts", "to"],
    ["tools/a.ts", "from"],
    ["capabilities/b.ts", "to"],
    ["packages/x/src/tools/capabilities/b.ts", "to"],
    ["packages/x/src/capabilities/tools/a.ts", "from"],
    ["src/toolsx/a.ts", null],
    ["src/my-capabilities/b.ts", null],
    ["src/util/a.ts", null],
  ])("%s → %s (the innermost folder decides)", (rel, side) => {
    expect(sideOf(DEFAULT_SEAM, rel)).toBe(side);
  });
});

describe("globs", () => {
  it.each([
    ["packages/agents/src/tools/a.ts", ["packages/*/src/tools/**"], true],
    ["packages/agents/src/tools/deep/a.ts", ["packages/*/src/tools/**"], true],
    ["packages/agents/src/toolsx/a.ts", ["packages/*/src/tools/**"], false],
    ["a.specs.ts", ["**/*.specs.ts"], true],
    ["runtime/sandbox/host.ts", ["runtime/**", "!runtime/sandbox/**"], false],
    ["runtime/registry.ts", ["runtime/**", "!runtime/sandbox/**"], true],
    ["reports/render.ts", ["{reports,lib}/**"], true],
    ["a/b.ts", ["a/?.ts"], true],
  ])("%s against %j → %s", (path, globs, expected) => {
    expect(matchesAny(path, globs)).toBe(expected);
  });
});
