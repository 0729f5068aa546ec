/** An intermediate base takes its subclasses' kind; its evidence reads right for one subclass or several. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../lib/config/index.js";
import { scanInventory } from "../scan/scan-inventory.js";
import { byName } from "../test-support/fixtures.js";

const TOOL = `export abstract class Tool { abstract name: string; }\n`;
const BASE = `import { Tool } from "./tool";\nexport abstract class FileBaseTool extends Tool {}\n`;
const sub = (cls: string, wire: string) =>
  `import { FileBaseTool } from "./file-base";\n` +
  `export class ${cls} extends FileBaseTool {\n  name = "${wire}";\n  description = "d";\n  inputSchema = {};\n` +
  `  async process(_ctx: unknown, params: { path: string }) { return params.path; }\n}\n`;

function tree(subclasses: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-inherit-kind-"));
  const dir = join(root, "packages/agents/src/tools");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tool.ts"), TOOL);
  writeFileSync(join(dir, "file-base.ts"), BASE);
  for (const [cls, wire] of Object.entries(subclasses)) writeFileSync(join(dir, `${wire}.ts`), sub(cls, wire));
  return root;
}

const baseEvidence = async (root: string) => {
  const inv = await scanInventory(root, {
    config: parseConfig({ base: { names: ["Tool"], module: "packages/agents/src/tools/tool.ts" } }, "test config"),
  });
  const base = byName(inv, "FileBaseTool");
  return { kind: base.kind, first: base.evidence[0] };
};

describe("an intermediate base inherits its subclasses' kind", () => {
  it("one subclass: 'which is'", async () => {
    const { kind, first } = await baseEvidence(tree({ ReadFileTool: "read_file" }));
    expect(kind).toBe("capability");
    expect(first).toBe("never constructed itself; base of ReadFileTool, which is capability");
  });

  it("several subclasses: 'which are'", async () => {
    const { kind, first } = await baseEvidence(tree({ ReadFileTool: "read_file", WriteFileTool: "write_file" }));
    expect(kind).toBe("capability");
    expect(first).toMatch(
      /^never constructed itself; base of (ReadFileTool, WriteFileTool|WriteFileTool, ReadFileTool), which are capability$/,
    );
  });
});
