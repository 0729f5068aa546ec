import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../lib/config/index.js";
import { scanInventory } from "./scan/scan-inventory.js";
import { byName } from "./test-support/fixtures.js";

const TOOL = `export abstract class Tool { abstract name: string; }\n`;

function tree(ctorParam: string): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-run-fields-"));
  const dir = join(root, "packages/agents/src/tools");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tool.ts"), TOOL);
  writeFileSync(
    join(dir, "db-tools.ts"),
    `import { Tool } from "./tool";\n` +
      `export class QueryTool extends Tool {\n  name = "db_query";\n` +
      `  constructor(private ${ctorParam}: unknown) { super(); }\n}\n`,
  );
  return root;
}

const blockerCodes = async (root: string, config: unknown = {}) =>
  byName(await scanInventory(root, { config: parseConfig(config, "test config") }), "QueryTool").blockers.map(
    (b) => b.code,
  );

describe("constructor parameters and run fields: one list for inventory and migrate", () => {
  it("a parameter mapped only in codemods.runFields is known to the inventory", async () => {
    const root = tree("database");
    expect(await blockerCodes(root)).toContain("unknown-ctor-param");
    expect(await blockerCodes(root, { codemods: { runFields: { database: "db" } } })).not.toContain(
      "unknown-ctor-param",
    );
  });

  it("`options` is not silently taken as the sub-agent (migrate names its field after it)", async () => {
    expect(await blockerCodes(tree("options"))).toContain("unknown-ctor-param");
    expect(await blockerCodes(tree("subAgent"))).not.toContain("unknown-ctor-param");
  });
});
