/**
 * A deterministic set of saved results for the dashboard tests and screenshots: a
 * NodeTool-shaped inventory mid-migration (six namespaces, every status), 30 commits of
 * history with a regression, a migrate result with conversions and refusals, lint
 * violations, a failing parity check, a baseline — and hostile strings (`<script>`, quotes)
 * in evidence, reasons and commit subjects.
 */
import type { HistoryCommit, HistoryResult } from "../../inventory/history/types.js";
import type { ClassRecord, Counters, Kind } from "../../inventory/types.js";
import type { SavedLint, SavedMigrate, SavedParity } from "../../lib/saved-results.js";
import type { DashboardInputs } from "../dashboard/dashboard-inputs.js";
import { sampleClass, sampleInventory } from "./sample-inventory.js";

export const HOSTILE = `<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">`;

const NAMESPACES: [string, string[]][] = [
  ["workflows", ["ListWorkflowsTool", "RunWorkflowTool", "GetWorkflowTool", "SearchWorkflowsTool"]],
  ["models", ["ListModelsTool", "DescribeModelTool"]],
  ["media", ["GenerateImageTool", "TranscribeAudioTool", "ResizeImageTool"]],
  ["email", ["SendEmailTool", "SearchEmailTool"]],
  ["documents", ["ConvertDocumentTool", "ExtractTextTool", "SummarizeDocumentTool"]],
  ["collections", ["QueryCollectionTool", "IndexCollectionTool"]],
];

function fileOf(ns: string): string {
  return `packages/agents/src/tools/${ns}-tools.ts`;
}

function remainingClasses(): ClassRecord[] {
  const out: ClassRecord[] = [];
  for (const [ns, names] of NAMESPACES) {
    if (ns === "workflows") continue; // migrated: gone from the inventory saved afterwards
    names.forEach((name, i) => {
      const evidence = [`assembled by getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:${40 + i})`];
      if (name === "SendEmailTool") evidence.push(`wire name from a helper ${HOSTILE}`);
      out.push(sampleClass({ name, kind: "capability", file: fileOf(ns), line: 12 + i * 30, namespace: ns }));
      if (evidence.length > 1) out[out.length - 1] = { ...out[out.length - 1]!, evidence };
    });
  }
  const other = (name: string, kind: Kind, file: string, why: string): ClassRecord =>
    sampleClass({ name, kind, file, namespace: null, category: null, categorySource: "none", evidence: [why] });
  out.push(
    other(
      "SubmitGraphTool",
      "loop-protocol",
      "packages/agents/src/agents/graph-planner.ts",
      "constructed inside GraphPlanner.plan loop (packages/agents/src/agents/graph-planner.ts:88)",
    ),
    other(
      "AddNodeTool",
      "loop-protocol",
      "packages/agents/src/agents/plan-builder.ts",
      "constructed inside PlanBuilder.run loop (packages/agents/src/agents/plan-builder.ts:51)",
    ),
    other(
      "FinishStepTool",
      "loop-protocol",
      "packages/agents/src/agents/step-executor.ts",
      "constructed inside StepExecutor.execute loop (packages/agents/src/agents/step-executor.ts:130)",
    ),
    other(
      "DelegateTool",
      "supervisor",
      "packages/agents/src/agents/supervisor.ts",
      "constructed by Supervisor with sub-agent options (packages/agents/src/agents/supervisor.ts:22)",
    ),
    other(
      "RunNodeTool",
      "host-bridge",
      "packages/agents/src/host/run-node-tool.ts",
      "constructor takes a closure (packages/agents/src/host/run-node-tool.ts:9)",
    ),
  );
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return out;
}

function historyCommits(final: Counters): HistoryCommit[] {
  const commits: HistoryCommit[] = [];
  for (let i = 0; i < 30; i++) {
    // 24 capability-shaped at the start, a regression at commit 12, then namespace by namespace down to the current count.
    const cap =
      i < 8
        ? 24
        : i < 12
          ? 24 - (i - 7)
          : i === 12
            ? 22
            : Math.max(final.capabilityShaped, 22 - Math.floor((i - 12) * 0.6));
    const loop = i < 5 ? 2 : 3;
    commits.push({
      sha: (i * 2654435761).toString(16).padStart(8, "0").repeat(5).slice(0, 40),
      date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
      subject:
        i === 12
          ? `media: add "ResizeImageTool" ${HOSTILE}`
          : `migration step ${i}: move a namespace to capability modules`,
      counters: { ...final, capabilityShaped: i === 29 ? final.capabilityShaped : cap, loopProtocol: loop },
      byNamespace: {},
      scannedFiles: 120 + i,
      problems: 0,
    });
  }
  return commits;
}

function savedMigrate(): SavedMigrate {
  return {
    namespaces: [
      {
        namespace: "workflows",
        converted: ["list_workflows", "run_workflow", "get_workflow", "search_workflows"],
        refused: [],
        filesWritten: ["packages/agents/src/capabilities/workflows.ts"],
      },
      {
        namespace: "models",
        converted: ["list_models"],
        refused: [
          { class: "DescribeModelTool", file: fileOf("models"), reason: `passes \`this\` to a helper ${HOSTILE}` },
        ],
        filesWritten: [],
      },
      {
        namespace: "media",
        converted: [],
        refused: [{ class: "TranscribeAudioTool", file: fileOf("media"), reason: "dynamic wire name" }],
        filesWritten: [],
      },
    ],
    callSitesRewritten: 7,
  };
}

function savedLint(): SavedLint {
  return {
    violations: [
      {
        rule: "capkit/seam-direction",
        file: "packages/agents/src/tools/email-tools.ts",
        line: 3,
        message: "tools/ must not import capabilities/ (imports ../capabilities/workflows.js)",
      },
      {
        rule: "capkit/spec-purity",
        file: "packages/agents/src/capabilities/workflows.specs.ts",
        line: 9,
        message: `spec file imports an implementation ${HOSTILE}`,
      },
    ],
  };
}

function savedParity(): SavedParity {
  return {
    checks: [
      {
        name: "workflows: outputs match the Tool classes",
        ok: true,
        problems: [],
        summary: "4 capabilities, 12 recorded cases",
      },
      {
        name: "models: outputs match the Tool classes",
        ok: false,
        problems: [
          "list_models: expected 3 models, got 2",
          { input: { provider: "openai" }, diff: "- gpt\n+ (missing)" },
        ],
      },
      { name: "registry drift", ok: true, problems: [] },
    ],
    mutants: { total: 43, killed: 41, survivors: ["drop-category-check", "skip-<b>monitor</b>"], results: [] },
  };
}

export function dashboardFixture(): DashboardInputs {
  const inventory = sampleInventory(remainingClasses(), {
    root: "/work/nodetool-mini",
    scannedFiles: 143,
    generatedAt: "2026-10-30T09:00:00.000Z",
  });
  const history: HistoryResult = {
    version: 1,
    root: inventory.root,
    generatedAt: "2026-10-30T09:00:00.000Z",
    ref: "HEAD",
    commits: historyCommits(inventory.counters),
    cache: { hits: 0, misses: 0, blobs: 0, unchangedCommits: 0, sameShapeCommits: 0 },
  };
  return {
    inventory,
    history,
    renderedAt: "2026-10-30T09:05:00.000Z",
    baseline: { file: ".capkit/baseline.json", capabilityShaped: 16, loopProtocol: 3 },
    migrate: savedMigrate(),
    lint: savedLint(),
    parity: savedParity(),
  };
}
