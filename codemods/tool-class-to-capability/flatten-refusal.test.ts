/**
 * A flatten refusal names the reason that holds. LangChain's `FileManagementBaseTool extends
 * StructuredTool` (the base itself) keeps its constructor parameter on the instance; migrate used
 * to say it "does not extend the base directly (chain FileManagementBaseTool → StructuredTool) or
 * has blockers", sending the user after a chain that is already direct.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCapkit } from "../../bin/test-support/run-capkit.js";
import { tempProject } from "../test-support/temp-project.js";

const FILES: Record<string, string> = {
  "capkit.config.json": JSON.stringify({
    scan: { include: ["src/**/*.ts"] },
    base: { names: ["StructuredTool"], module: "src/base.ts" },
    classify: { preset: "none" },
    codemods: { capabilitiesDir: "src/capabilities" },
  }),
  "src/base.ts": `export interface ToolParams { verbose?: boolean }
export abstract class StructuredTool {
  abstract name: string;
  constructor(_params?: ToolParams) {}
  abstract _call(input: unknown): Promise<string>;
}
`,
  "src/tools/file_management/base.ts": `import { StructuredTool, type ToolParams } from "../../base.js";
export interface FileManagementBaseToolParams extends ToolParams { rootDir?: string }
export abstract class FileManagementBaseTool extends StructuredTool {
  name = "FileManagement";
  protected params: FileManagementBaseToolParams;
  constructor(params: FileManagementBaseToolParams = {}) {
    super(params);
    this.params = params;
  }
}
`,
  "src/tools/file_management/read.ts": `import { FileManagementBaseTool } from "./base.js";
export class ReadFileTool extends FileManagementBaseTool {
  name = "read_file";
  description = "Read a file from disk";
  schema = { type: "object", properties: { file_path: { type: "string" } } };
  async _call(input: { file_path: string }): Promise<string> {
    return input.file_path;
  }
}
`,
};

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function project(): string {
  const seed = mkdtempSync(join(tmpdir(), "capkit-flatten-seed-"));
  roots.push(seed);
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(seed, path)), { recursive: true });
    writeFileSync(join(seed, path), text);
  }
  const root = tempProject(seed);
  roots.push(root);
  return root;
}

const cli = (argv: string[]) => runCapkit(argv);

describe("flatten refusal of a direct intermediate with blockers", () => {
  it("names its own blockers and does not claim the chain is indirect", async () => {
    const root = project();
    const { code, stdout, stderr } = await cli(["migrate", root, "--namespace", "files", "--dry-run", "--json"]);
    expect(code, stderr).toBe(1);
    const out = JSON.parse(stdout) as { namespaces: { refused: { class: string; message: string }[] }[] };
    const refused = out.namespaces.flatMap((n) => n.refused);
    const intermediate = JSON.stringify(refused.find((r) => JSON.stringify(r).includes("FileManagementBaseTool")));
    expect(intermediate).toContain("flatten-blocked");
    expect(intermediate).not.toContain("does not extend the base directly");
    expect(intermediate).toContain("extends the base directly but has blockers of its own");
    expect(intermediate).toContain("unknown-ctor-param at src/tools/file_management/base.ts:6");
  });
});
