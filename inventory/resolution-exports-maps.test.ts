import { describe, expect, it } from "vitest";
import { BASE_AT, byName, classNames, extendsEvidence, scanCase } from "./test-support/fixtures.js";

describe("workspace package exports maps", () => {
  it("resolves subpaths, `*` patterns and conditions (types, import, default, require), `.js` targets through their `.ts` twin", async () => {
    const r = await scanCase("workspace-exports");
    expect(classNames(r)).toEqual([
      "BaseSubpathTool",
      "HttpTool",
      "InputConditionTool",
      "KitTool",
      "LegacyTool",
      "MainTool",
      "StarGetTool",
      "ToolsEntryTool",
      "TwinGetTool",
    ]);
    // ".": types and import lead to dist/ (not scanned), "default" to src/main.ts
    expect(extendsEvidence(r, "MainTool")).toBe(`extends Tool, ${BASE_AT}`);
    // "./tools": "types" (src/tools/index.ts) is preferred over the "import" written first (a shim without Tool)
    expect(extendsEvidence(r, "ToolsEntryTool")).toBe(`extends ToolsTool, ${BASE_AT}`);
    // "./kit/*": { types: "./src/tools/*.ts" } — no src/kit/ folder to guess from
    expect(extendsEvidence(r, "KitTool")).toBe(`extends Tool, ${BASE_AT}`);
    expect(byName(r, "StarGetTool")).toMatchObject({ direct: false, chain: ["StarGetTool", "HttpTool", "Tool"] });
    expect(extendsEvidence(r, "StarGetTool")).toBe(
      "extends HttpTool, resolved to HttpTool at packages/agents/src/tools/http-tool.ts:3",
    );
    // "./tools/*": "./src/tools/*" with a `.js` specifier, and "./base": "./src/tools/base-tool.js"
    expect(byName(r, "TwinGetTool")).toMatchObject({ direct: false, chain: ["TwinGetTool", "HttpTool", "Tool"] });
    expect(extendsEvidence(r, "BaseSubpathTool")).toBe(`extends agents.Tool, ${BASE_AT}`);
    // "./input-base": the source only under a custom "input" condition, "require"/"import" nested into dist/
    expect(extendsEvidence(r, "InputConditionTool")).toBe(`extends Tool, ${BASE_AT}`);
    // "./legacy" targets only dist/: falls back to src/legacy.ts
    expect(extendsEvidence(r, "LegacyTool")).toBe(`extends Tool, ${BASE_AT}`);
    for (const c of r.classes) expect(c.evidence.join("\n")).not.toContain("matched by name");
  });

  it("lists a configured base that extends another configured base, and resolves pnpm workspace subpaths with dist-only exports", async () => {
    const config = {
      scan: { include: ["libs/**/*.ts"] },
      base: { names: ["StructuredTool", "Tool"], module: "libs/core/src/tools/index.ts" },
    };
    const r = await scanCase("intermediate-bases", config);
    expect(classNames(r)).toEqual(["ExaSearch", "ExaSimilar", "Tool"]);
    expect(byName(r, "Tool")).toMatchObject({ base: "StructuredTool", direct: true });
    expect(byName(r, "ExaSearch")).toMatchObject({ base: "Tool", direct: true });
    for (const c of r.classes) expect(c.evidence.join("\n")).not.toContain("not in the scanned tree");
    const oneBase = await scanCase("intermediate-bases", {
      ...config,
      base: { ...config.base, names: ["StructuredTool"] },
    });
    expect(classNames(oneBase)).toEqual(["ExaSearch", "ExaSimilar", "Tool"]);
    expect(byName(oneBase, "ExaSearch")).toMatchObject({
      direct: false,
      chain: ["ExaSearch", "Tool", "StructuredTool"],
    });
  });
});
