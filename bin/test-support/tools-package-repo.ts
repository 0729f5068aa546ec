/**
 * Test helper: a throwaway git repository shaped like a project that is not NodeTool — its Tool
 * classes live in a workspace package named `tools` (`packages/tools/src/*-tools.ts`, re-exported
 * by the package's index) and another package assembles the belt by package name.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const BASE = `export interface RunContext {
  readonly userId: string;
}

export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract readonly inputSchema: Record<string, unknown>;
  abstract process(context: RunContext, params: Record<string, unknown>): Promise<unknown>;
}
`;

const tool = (cls: string, wire: string, body: string) => `export class ${cls} extends Tool {
  readonly name = "${wire}";
  readonly description = "${wire.replace(/_/g, " ")}.";
  readonly inputSchema = { type: "object", properties: {} };
  async process(context: RunContext) {
    return ${body};
  }
}
`;

export const TOOLS_PACKAGE_FILES: Readonly<Record<string, string>> = {
  "package.json": `${JSON.stringify({ name: "acme", private: true, type: "module", workspaces: ["packages/*"] })}\n`,
  "packages/tools/package.json": `${JSON.stringify({ name: "@acme/tools", type: "module", main: "src/index.ts" })}\n`,
  "packages/agent/package.json": `${JSON.stringify({ name: "@acme/agent", type: "module" })}\n`,
  "packages/tools/src/base-tool.ts": BASE,
  "packages/tools/src/calendar-tools.ts": `import { Tool, type RunContext } from "./base-tool.js";

${tool("CreateEventTool", "create_event", "{ id: context.userId }")}
${tool("GetEventsTool", "get_events", "{ events: [], user: context.userId }")}`,
  "packages/tools/src/index.ts": `export { Tool, type RunContext } from "./base-tool.js";
export { CreateEventTool, GetEventsTool } from "./calendar-tools.js";
`,
  "packages/agent/src/toolbelt.ts": `import { CreateEventTool, GetEventsTool, type Tool } from "@acme/tools";

export function getAgentToolbelt(): Tool[] {
  return [new CreateEventTool(), new GetEventsTool()];
}
`,
};

/** The repository, committed; `config` becomes its capkit.config.json when given. */
export function toolsPackageRepo(config?: unknown): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-tools-pkg-"));
  const files = { ...TOOLS_PACKAGE_FILES, ...(config ? { "capkit.config.json": `${JSON.stringify(config)}\n` } : {}) };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", root, "-c", "user.email=t@capkit", "-c", "user.name=t", ...args], { stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "seed");
  return root;
}
