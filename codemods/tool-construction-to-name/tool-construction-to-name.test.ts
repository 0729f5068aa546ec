import { describe, expect, it } from "vitest";
import { DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods-section.js";
import type { CodemodContext } from "../codemod.js";
import { describeCodemodFixtures, inventoryFromPartial, treeFromFiles } from "../test-support/index.js";
import { VirtualTree } from "../plan.js";
import { fixtureInventory } from "../test-support/fixture-inventory.js";
import { describeFixtureWarnings } from "../test-support/fixture-warnings.js";
import toolConstructionToName from "./index.js";

describeCodemodFixtures(toolConstructionToName, new URL("./__testfixtures__", import.meta.url), {
  inventory: fixtureInventory,
});
describeFixtureWarnings(toolConstructionToName, new URL("./__testfixtures__", import.meta.url), {
  inventory: fixtureInventory,
});

const REGISTRY =
  "export const registry = createCapabilityRegistry({});\nexport const { toolForCapabilityName, gateTools } = bindToolAdapters({ Tool, registry });\n";

function contextFor(root: string, classes: object[]): CodemodContext {
  return {
    root,
    inventory: inventoryFromPartial({ classes }, root),
    namespaces: ["models"],
    capabilitiesDir: DEFAULT_CODEMODS_CONFIG.capabilitiesDir,
    runFields: DEFAULT_CODEMODS_CONFIG.runFields,
    keepShims: false,
    runtimeImport: "capkit/runtime",
  };
}

describe("tool-construction-to-name outside fixtures", () => {
  it("reads constructor parameter names from the class as it was on disk before the class move", async () => {
    const disk = new Map([
      ["packages/agents/src/capabilities/registry.ts", REGISTRY],
      [
        "packages/agents/src/tools/models-tools.ts",
        "export class ListModelsTool extends Tool {\n  constructor(private readonly providers: ProviderMap) { super(); }\n}\n",
      ],
      [
        "packages/agents/src/belt.ts",
        'import { ListModelsTool } from "./tools/models-tools.js";\nexport const belt = (p: ProviderMap) => [new ListModelsTool(p)];\n',
      ],
    ]);
    const tree = new VirtualTree(
      "/repo",
      (p) => disk.get(p) ?? null,
      () => [...disk.keys()],
    );
    tree.delete("packages/agents/src/tools/models-tools.ts"); // what the class move does to a file left empty
    const context = contextFor("/repo", [
      {
        name: "ListModelsTool",
        file: "packages/agents/src/tools/models-tools.ts",
        wireName: "list_models",
        namespace: "models",
      },
    ]);
    const results = await toolConstructionToName.run(tree, context);
    expect(results.map((r) => [r.outcome, r.unit])).toEqual([["changed", "new ListModelsTool(p)"]]);
    expect(tree.readOrThrow("packages/agents/src/belt.ts")).toContain(
      'toolForCapabilityName("list_models", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, providers: p }))',
    );
  });

  it("reports a converted class with no call sites left as unchanged on a re-run", async () => {
    const files = new Map([
      ["packages/agents/src/capabilities/registry.ts", REGISTRY],
      [
        "packages/agents/src/belt.ts",
        'import { ListModelsTool } from "./tools/models-tools.js";\nexport const belt = [new ListModelsTool()];\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    const context = contextFor("/repo", [
      {
        name: "ListModelsTool",
        file: "packages/agents/src/tools/models-tools.ts",
        line: 3,
        wireName: "list_models",
        namespace: "models",
      },
    ]);
    expect((await toolConstructionToName.run(tree, context)).map((r) => r.outcome)).toEqual(["changed"]);
    const again = await toolConstructionToName.run(tree, context);
    expect(again.map((r) => [r.outcome, r.unit, r.line])).toEqual([
      ["unchanged", "ListModelsTool (no call sites left)", 3],
    ]);
  });

  it("leaves a class the class move refused (its declaration is still there) untouched", async () => {
    const files = new Map([
      ["packages/agents/src/capabilities/registry.ts", REGISTRY],
      ["packages/agents/src/tools/models-tools.ts", "export class ListModelsTool extends Tool {}\n"],
      [
        "packages/agents/src/belt.ts",
        'import { ListModelsTool } from "./tools/models-tools.js";\nexport const belt = [new ListModelsTool()];\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    const context = contextFor("/repo", [
      {
        name: "ListModelsTool",
        file: "packages/agents/src/tools/models-tools.ts",
        wireName: "list_models",
        namespace: "models",
      },
    ]);
    expect(await toolConstructionToName.run(tree, context)).toEqual([]);
    expect(tree.changes()).toEqual([]);
  });

  it("under --keep-shims still rewrites `instanceof` to the wire-name check the shim itself answers with", async () => {
    const shim = [
      'import { Tool } from "./base-tool.js";',
      '/** @deprecated Migrated to the "list_models" capability. */',
      "export interface ListModelsTool extends Tool {}",
      "export class ListModelsTool {",
      '  constructor() { return toolForCapabilityName("list_models") as ListModelsTool; }',
      '  static [Symbol.hasInstance](value: unknown): boolean { return value instanceof Tool && value.name === "list_models"; }',
      "}",
      "",
    ].join("\n");
    const files = new Map([
      ["packages/agents/src/capabilities/registry.ts", REGISTRY],
      ["packages/agents/src/tools/models-tools.ts", shim],
      [
        "packages/agents/src/belt.ts",
        'import type { Tool } from "./tools/base-tool.js";\nimport { ListModelsTool } from "./tools/models-tools.js";\nexport let last: ListModelsTool | null = null;\nexport const isModels = (t: Tool) => t instanceof ListModelsTool;\n',
      ],
    ]);
    const tree = treeFromFiles(files, "/repo");
    const context = {
      ...contextFor("/repo", [
        {
          name: "ListModelsTool",
          file: "packages/agents/src/tools/models-tools.ts",
          wireName: "list_models",
          namespace: "models",
        },
      ]),
      keepShims: true,
    };
    const results = await toolConstructionToName.run(tree, context);
    expect(results.map((r) => [r.outcome, r.unit])).toEqual([["changed", "t instanceof ListModelsTool"]]);
    // The type use keeps the shim import; the shim's own hasInstance is not a reference to rewrite.
    expect(tree.readOrThrow("packages/agents/src/belt.ts")).toBe(
      'import type { Tool } from "./tools/base-tool.js";\nimport { ListModelsTool } from "./tools/models-tools.js";\nexport let last: ListModelsTool | null = null;\nexport const isModels = (t: Tool) => t.name === "list_models";\n',
    );
    expect(tree.readOrThrow("packages/agents/src/tools/models-tools.ts")).toBe(shim);
  });

  it("keeps every byte outside the rewritten expressions (CRLF, comments, odd spacing)", async () => {
    const belt =
      '// keep   this\r\nimport {  ListModelsTool  } from "./tools/models-tools.js" // trailing\r\nimport   { x }   from "./x.js"; // why x\r\nexport const belt = [ /* a */ new ListModelsTool() /* b */ ];\r\n';
    const files = new Map([
      ["packages/agents/src/capabilities/registry.ts", REGISTRY],
      ["packages/agents/src/belt.ts", belt],
    ]);
    const tree = treeFromFiles(files, "/repo");
    await toolConstructionToName.run(
      tree,
      contextFor("/repo", [
        {
          name: "ListModelsTool",
          file: "packages/agents/src/tools/models-tools.ts",
          wireName: "list_models",
          namespace: "models",
        },
      ]),
    );
    expect(tree.readOrThrow("packages/agents/src/belt.ts")).toBe(
      '// keep   this\r\nimport   { x }   from "./x.js"; // why x\r\nimport { toolForCapabilityName } from "./capabilities/registry.js";\r\nexport const belt = [ /* a */ toolForCapabilityName("list_models") /* b */ ];\r\n',
    );
  });
});
