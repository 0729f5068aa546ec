/**
 * A scripted NodeTool-shaped history for the backfill tests: a Tool base in a workspace
 * package, capability tools assembled by a belt builder, a planner-loop tool, a docs-only
 * commit, a namespace migrated to a capability module, a regression, and a test-only commit.
 * `EXPECTED` is what each commit's counters must be.
 */
import type { Step } from "./git-repo.js";

const TOOL_BASE = `export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
}
`;

function toolClass(cls: string, wire: string): string {
  return `export class ${cls} extends Tool {
  readonly name = "${wire}";
  readonly description = "${wire.replace(/_/g, " ")}";
  readonly jsonSchema = { type: "object", properties: {} };
  async process(_context: unknown, params: Record<string, unknown>) {
    return { ok: true, params };
  }
}
`;
}

function toolsFile(classes: [string, string][]): string {
  return `import { Tool } from "@mini/core";\n\n${classes.map(([c, w]) => toolClass(c, w)).join("\n")}`;
}

function belt(imports: Record<string, string[]>): string {
  const lines = Object.entries(imports).map(([file, names]) => `import { ${names.join(", ")} } from "./${file}.js";`);
  const all = Object.values(imports).flat();
  return `${lines.join("\n")}\n\nexport function getAllMcpTools() {\n  return [${all.map((n) => `new ${n}()`).join(", ")}];\n}\n`;
}

const PLANNER = `import { Tool } from "@mini/core";

class SubmitGraphTool extends Tool {
  readonly name = "submit_graph";
  readonly description = "submit the planned graph";
  graph: unknown = null;
  async process(_context: unknown, params: Record<string, unknown>) {
    this.graph = params;
    return { ok: true };
  }
}

export class GraphPlanner {
  async plan(steps: number) {
    for (let i = 0; i < steps; i++) {
      const submit = new SubmitGraphTool();
      if (submit.graph) return submit.graph;
    }
    return null;
  }
}
`;

export const STEPS: Step[] = [
  {
    subject: "core: the Tool base",
    files: {
      "packages/core/package.json": `{ "name": "@mini/core", "main": "./src/index.ts" }\n`,
      "packages/core/src/tool.ts": TOOL_BASE,
      "packages/core/src/index.ts": `export { Tool } from "./tool.js";\n`,
      "README.md": "# mini\n",
    },
  },
  {
    subject: "agents: workflow tools",
    files: {
      "packages/agents/package.json": `{ "name": "@mini/agents", "main": "./src/index.ts" }\n`,
      "packages/agents/src/tools/workflow-tools.ts": toolsFile([
        ["ListWorkflowsTool", "list_workflows"],
        ["RunWorkflowTool", "run_workflow"],
      ]),
      "packages/agents/src/tools/mcp-tools.ts": belt({ "workflow-tools": ["ListWorkflowsTool", "RunWorkflowTool"] }),
    },
  },
  {
    subject: "agents: email tools and the graph planner",
    files: {
      "packages/agents/src/tools/email-tools.ts": toolsFile([
        ["SendEmailTool", "send_email"],
        ["ListInboxTool", "list_inbox"],
      ]),
      "packages/agents/src/tools/mcp-tools.ts": belt({
        "workflow-tools": ["ListWorkflowsTool", "RunWorkflowTool"],
        "email-tools": ["SendEmailTool", "ListInboxTool"],
      }),
      "packages/agents/src/agents/graph-planner.ts": PLANNER,
    },
  },
  { subject: "docs: describe the layout", files: { "README.md": "# mini\n\nA NodeTool-shaped miniature.\n" } },
  {
    subject: "migrate workflows to a capability module",
    files: {
      "packages/agents/src/tools/workflow-tools.ts": null,
      "packages/agents/src/capabilities/workflows.ts": `export async function list_workflows() {\n  return [];\n}\n`,
      "packages/agents/src/tools/mcp-tools.ts": belt({ "email-tools": ["SendEmailTool", "ListInboxTool"] }),
    },
  },
  {
    subject: "media: add an image tool (regression)",
    files: {
      "packages/agents/src/tools/media-tools.ts": toolsFile([["GenerateImageTool", "generate_image"]]),
      "packages/agents/src/tools/mcp-tools.ts": belt({
        "email-tools": ["SendEmailTool", "ListInboxTool"],
        "media-tools": ["GenerateImageTool"],
      }),
    },
  },
  {
    subject: "test: a fake tool in a test file",
    files: {
      "packages/agents/src/tools/email-tools.test.ts": `import { Tool } from "@mini/core";\nclass FakeTool extends Tool {}\n`,
    },
  },
];

/** Per commit, oldest → newest. */
export const EXPECTED = {
  capabilityShaped: [0, 2, 4, 4, 2, 3, 3],
  loopProtocol: [0, 0, 1, 1, 1, 1, 1],
  extendsTool: [0, 2, 5, 5, 3, 4, 4],
  lastByNamespace: { email: 2, media: 1 },
} as const;
