/**
 * Hand-built inventory results for the reporter and dashboard tests: small, deterministic,
 * and covering every field a renderer shows (anonymous and indirect classes, fallback
 * categories, blockers, scan problems, hostile strings).
 */
import { classRecord, inventoryResult } from "../../inventory/test-support/inventory-result.js";
import type { ClassRecord, InventoryResult, Kind } from "../../inventory/types.js";

/** A class as the NodeTool fixture would show it: in workflow-tools.ts, namespace workflows, category read. */
export function sampleClass(over: Partial<ClassRecord> & { name: string | null; kind: Kind }): ClassRecord {
  return classRecord({
    file: "packages/agents/src/tools/workflow-tools.ts",
    line: 10,
    chain: [over.name ?? "(anonymous)", "Tool"],
    wireName: over.name
      ? over.name
          .replace(/Tool$/, "")
          .replace(/([a-z])([A-Z])/g, "$1_$2")
          .toLowerCase()
      : null,
    namespace: "workflows",
    category: "read",
    categorySource: "map",
    evidence: [`assembled by getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:40)`],
    ...over,
  });
}

export function sampleInventory(classes: readonly ClassRecord[], over: Partial<InventoryResult> = {}): InventoryResult {
  return inventoryResult(classes, {
    root: "/repo",
    generatedAt: "2026-11-30T00:00:00.000Z",
    scannedFiles: 12,
    ...over,
  });
}

/** Five classes over three namespaces and three kinds. */
export function mixedInventory(): InventoryResult {
  return sampleInventory([
    sampleClass({ name: "ListWorkflowsTool", kind: "capability", line: 12 }),
    sampleClass({
      name: "RunWorkflowTool",
      kind: "capability",
      line: 40,
      category: "execute",
      blockers: [
        {
          code: "this-escapes",
          message: "passes `this` to a helper",
          file: "packages/agents/src/tools/workflow-tools.ts",
          line: 52,
        },
      ],
    }),
    sampleClass({
      name: "SendEmailTool",
      kind: "capability",
      file: "packages/agents/src/tools/email-tools.ts",
      namespace: "email",
      category: "external",
      categorySource: "fallback",
    }),
    sampleClass({
      name: "SubmitGraphTool",
      kind: "loop-protocol",
      file: "packages/agents/src/agents/graph-planner.ts",
      namespace: null,
      category: null,
      categorySource: "none",
      evidence: [
        "constructed inside GraphPlanner.plan loop (packages/agents/src/agents/graph-planner.ts:88)",
        "state read back: this.graph",
      ],
      blockers: [
        {
          code: "instance-state",
          message: "state read back",
          file: "packages/agents/src/agents/graph-planner.ts",
          line: 30,
        },
      ],
    }),
    sampleClass({
      name: null,
      kind: "host-bridge",
      file: "packages/agents/src/host/bridge.ts",
      direct: false,
      chain: ["(anonymous)", "BridgeTool", "Tool"],
      namespace: null,
      wireName: null,
      category: null,
      categorySource: "none",
      evidence: ["made by factory makeBridgeTool (packages/agents/src/host/bridge.ts:5)"],
    }),
  ]);
}
