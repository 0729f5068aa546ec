import { describe, expect, it } from "vitest";
import { DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods-section.js";
import type { CodemodContext } from "../codemod.js";
import { describeCodemodFixtures, inventoryFromPartial, treeFromFiles } from "../test-support/index.js";
import { describeFixtureWarnings } from "../test-support/fixture-warnings.js";
import gateToolsToCapabilities from "./index.js";

describeCodemodFixtures(gateToolsToCapabilities, new URL("./__testfixtures__", import.meta.url));
describeFixtureWarnings(gateToolsToCapabilities, new URL("./__testfixtures__", import.meta.url));

const context: CodemodContext = {
  root: "/repo",
  inventory: inventoryFromPartial({ classes: [] }, "/repo"),
  namespaces: [],
  capabilitiesDir: DEFAULT_CODEMODS_CONFIG.capabilitiesDir,
  runFields: DEFAULT_CODEMODS_CONFIG.runFields,
  keepShims: false,
  runtimeImport: "capkit/runtime",
};

const PERMISSIONS = "export class GatedTool {}\nexport function gateTools() { return []; }\n";

describe("gate-tools-to-capabilities outside fixtures", () => {
  it("prefers a dedicated capabilities/gate-tools.ts over the registry", async () => {
    const files = new Map([
      [
        "packages/agents/src/capabilities/registry.ts",
        "export const { gateTools } = bindToolAdapters({ Tool, registry });\n",
      ],
      ["packages/agents/src/capabilities/gate-tools.ts", 'export { gateTools } from "./registry.js";\n'],
      ["packages/agents/src/tools/tool-permissions.ts", PERMISSIONS],
      [
        "packages/agents/src/host.ts",
        'import { gateTools } from "./tools/tool-permissions.js";\nexport const g = gateTools;\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    const results = await gateToolsToCapabilities.run(tree, context);
    expect(results.map((r) => r.outcome)).toEqual(["changed"]);
    expect(tree.readOrThrow("packages/agents/src/host.ts")).toBe(
      'import { gateTools } from "./capabilities/gate-tools.js";\nexport const g = gateTools;\n',
    );
  });

  it("follows a tools-side barrel (`../tools/index.js` with `export *`) to gateTools and GatedTool", async () => {
    const files = new Map([
      [
        "packages/agents/src/capabilities/registry.ts",
        "export const { gateTools } = bindToolAdapters({ Tool, registry });\n",
      ],
      ["packages/agents/src/tools/tool-permissions.ts", PERMISSIONS],
      ["packages/agents/src/tools/index.ts", 'export * from "./tool-permissions.js";\n'],
      [
        "packages/agents/src/host.ts",
        'import { GatedTool, gateTools } from "./tools/index.js";\nexport const one = (t: Tool) => new GatedTool(t, { mode: "auto" });\nexport const all = gateTools;\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    const results = await gateToolsToCapabilities.run(tree, context);
    expect(results.map((r) => r.outcome)).toEqual(["changed", "changed"]);
    expect(tree.readOrThrow("packages/agents/src/host.ts")).toBe(
      'import { gateTools } from "./capabilities/registry.js";\nexport const one = (t: Tool) => gateTools([t], { mode: "auto" })[0];\nexport const all = gateTools;\n',
    );
  });

  it("moves a named re-export and leaves the other names on the tools-side export", async () => {
    const files = new Map([
      [
        "packages/agents/src/capabilities/registry.ts",
        "export const { gateTools } = bindToolAdapters({ Tool, registry });\n",
      ],
      ["packages/agents/src/tools/tool-permissions.ts", PERMISSIONS],
      [
        "packages/agents/src/index.ts",
        'export { GatedTool, gateTools as gateBelt } from "./tools/tool-permissions.js";\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    await gateToolsToCapabilities.run(tree, context);
    expect(tree.readOrThrow("packages/agents/src/index.ts")).toBe(
      'export { GatedTool } from "./tools/tool-permissions.js";\nexport { gateTools as gateBelt } from "./capabilities/registry.js";\n',
    );
    expect(await gateToolsToCapabilities.run(tree, context)).toEqual([]);
  });
});
