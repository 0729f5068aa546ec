/**
 * Constructor dependencies become run fields, end to end: the constructor-run-fields fixture's
 * classes (workspaceRoot: string, provider: SerpProvider + a default, bound: LongTermMemory |
 * null, a field computed with a default) and a host that constructs them go through
 * `capkit migrate --all --json`: every class converts, the JSON lists the run fields the host
 * must now put on the run, the call sites fill them, the result type-checks and lints clean,
 * and a second run changes nothing.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCapkit } from "../../bin/test-support/run-capkit.js";
import { runTypecheck } from "../runner/typecheck.js";
import { snapshotTree, tempProject } from "../test-support/temp-project.js";

const CLASSES = fileURLToPath(new URL("./__testfixtures__/constructor-run-fields/input", import.meta.url));
const HOST = fileURLToPath(
  new URL(
    "../tool-construction-to-name/__testfixtures__/created-run-fields/input/src/research-host.ts",
    import.meta.url,
  ),
);
const DELEGATE_HOST = `import type { Tool } from "./tools/base-tool.js";
import { DelegateTool, SummarizeTool } from "./tools/research-tools.js";

export function delegateBelt(): Tool[] {
  return [new DelegateTool({ model: "m" }), new SummarizeTool({ maxWords: 20 })];
}
`;
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const cli = (argv: string[]) => runCapkit(argv);

interface Out {
  namespaces: {
    namespace: string;
    converted: string[];
    refused: unknown[];
    runFields: {
      field: string;
      type: string | null;
      required: boolean;
      defaultValue?: string;
      capabilities: string[];
    }[];
  }[];
  callSitesRewritten: number;
}

describe("constructor dependencies become run fields (migrate end to end)", () => {
  it("converts the former refusal shapes, reports the new run fields, fills them at call sites, type-checks and lints clean", async () => {
    const overrides = Object.fromEntries(
      ["ReadWorkspaceFileTool", "WebSearchTool", "RecallTool", "FetchPageTool", "DelegateTool", "SummarizeTool"].map(
        (c) => [c, "capability"],
      ),
    );
    const root = tempProject(CLASSES, {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: [],
          lib: ["ES2022", "DOM"],
        },
        include: ["src/**/*.ts"],
      }),
      "package.json": JSON.stringify({ type: "module" }),
      ".gitignore": "node_modules/\n.capkit/\n",
      "capkit.config.json": JSON.stringify({
        codemods: { capabilitiesDir: "src/capabilities" },
        scan: { include: ["src/**/*.ts"] },
        classify: { overrides },
        namespaces: { byFile: { "src/tools/research-tools.ts": "research" } },
      }),
    });
    roots.push(root);
    cpSync(HOST, join(root, "src/research-host.ts"));
    // Two classes take `options`, typed differently: run.options for the first, run.summaryOptions (its type's name) for the second.
    writeFileSync(join(root, "src/delegate-host.ts"), DELEGATE_HOST);
    const before = runTypecheck(root);
    expect(before.errors, before.errors.join("\n")).toEqual([]);

    const run = await cli(["migrate", root, "--all", "--json", "--allow-dirty"]);
    const out = JSON.parse(run.stdout) as Out;
    const ns = out.namespaces.find((n) => n.namespace === "research");
    expect(ns?.converted.sort()).toEqual([
      "delegate",
      "fetch_page",
      "read_workspace_file",
      "recall",
      "summarize",
      "web_search",
    ]);
    expect(ns?.refused).toEqual([]);
    expect(run.code).toBe(0);
    expect(ns?.runFields).toEqual([
      { field: "bound", type: "LongTermMemory | null", required: true, capabilities: ["recall"] },
      { field: "limit", type: "number", required: false, defaultValue: "5", capabilities: ["web_search"] },
      { field: "options", type: "DelegateOptions", required: true, capabilities: ["delegate"] },
      { field: "provider", type: "SerpProvider", required: true, capabilities: ["web_search"] },
      { field: "settings", type: "FetchSettings", required: false, capabilities: ["fetch_page"] },
      {
        field: "summaryOptions",
        type: "SummaryOptions",
        required: false,
        defaultValue: "{}",
        capabilities: ["summarize"],
      },
      { field: "workspaceRoot", type: "string", required: true, capabilities: ["read_workspace_file"] },
    ]);
    expect(out.callSitesRewritten).toBe(8);
    const host = readFileSync(join(root, "src/delegate-host.ts"), "utf8");
    expect(host).toContain(
      'toolForCapabilityName("delegate", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, options: { model: "m" } }))',
    );
    expect(host).toContain(
      'toolForCapabilityName("summarize", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, summaryOptions: { maxWords: 20 } }))',
    );

    const after = runTypecheck(root);
    expect(after.errors, after.errors.join("\n")).toEqual([]);
    const lint = await cli(["lint", root, "--json"]);
    expect(JSON.parse(lint.stdout).violations).toEqual([]);

    const snapshot = snapshotTree(root);
    const again = JSON.parse((await cli(["migrate", root, "--all", "--json", "--allow-dirty"])).stdout) as Out;
    expect(again.namespaces.flatMap((n) => n.converted)).toEqual([]);
    expect(snapshotTree(root)).toEqual(snapshot);
  }, 240_000); // two tsc runs and two migrations
});
