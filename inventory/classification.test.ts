import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanInventory } from "./scan/scan-inventory.js";
import { byName, copyCase, scanCase } from "./test-support/fixtures.js";
import type { InventoryResult } from "./types.js";

let cached: InventoryResult | undefined;
const scan = async () => (cached ??= await scanCase("classification"));
const codes = (r: InventoryResult, name: string) => byName(r, name).blockers.map((b) => b.code);

describe("classification from code evidence", () => {
  it("assembled by a belt builder, directly or through a helper → capability", async () => {
    const r = await scan();
    expect(byName(r, "ListWorkflowsTool")).toMatchObject({
      kind: "capability",
      wireName: "list_workflows",
      namespace: "workflows",
      category: "read",
      categorySource: "map",
    });
    expect(byName(r, "ListWorkflowsTool").evidence[0]).toBe(
      "assembled by getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:10)",
    );
    expect(byName(r, "RunWorkflowTool").evidence[0]).toBe(
      "assembled by getWorkflowExtras, called from getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:6)",
    );
  });

  it("constructed beside a gate call → capability", async () => {
    const r = await scan();
    const c = byName(r, "ListProviderModelsTool");
    expect(c.kind).toBe("capability");
    expect(c.evidence[0]).toContain("which gates its belt with gateTools (packages/agents/src/host/runner.ts:50)");
  });

  it("constructed in a planner loop with state read back → loop-protocol", async () => {
    const r = await scan();
    expect(byName(r, "SubmitGraphTool").kind).toBe("loop-protocol");
    expect(byName(r, "SubmitGraphTool").evidence.join("\n")).toContain(
      "instance state read back: tool.graph (packages/agents/src/planner/graph-planner.ts:11)",
    );
    const draft = byName(r, "DraftOutlineTool");
    expect(draft.kind).toBe("loop-protocol");
    expect(draft.evidence[0]).toBe("constructed and its state read back (packages/agents/src/planner/outline.ts:6)");
    expect(codes(r, "DraftOutlineTool")).toContain("state-read-back");
  });

  it("per-edge control tools with dynamic names → loop-protocol with a dynamic-identity blocker", async () => {
    const r = await scan();
    const c = byName(r, "ControlTool");
    expect(c).toMatchObject({ kind: "loop-protocol", wireName: null, category: null, categorySource: "none" });
    expect(c.evidence.join("\n")).toContain(
      "constructed in GraphPlanner.plan inside a loop (packages/agents/src/planner/graph-planner.ts:9)",
    );
    expect(codes(r, "ControlTool")).toContain("dynamic-identity");
  });

  it("a wrapper that takes a Tool and delegates → infrastructure", async () => {
    const r = await scan();
    expect(byName(r, "GatedTool").kind).toBe("infrastructure");
    const r2 = await scanCase("classification", { classify: { preset: "none" } });
    const gated = byName(r2, "GatedTool");
    expect(gated.kind).toBe("infrastructure");
    expect(gated.evidence[0]).toMatch(
      /^wraps another tool: constructor takes inner: Tool and delegates this\.inner\.process\(\)/,
    );
  });

  it("closures and transports in the constructor, or a host-built name → host-bridge", async () => {
    const r = await scan();
    expect(byName(r, "RunNodeTool").evidence[0]).toMatch(/^constructor takes a closure runSingleNode/);
    expect(byName(r, "UiBridgeTool").evidence[0]).toMatch(
      /^constructor takes a transport transport: RendererTransport/,
    );
    expect(byName(r, "DynamicNameTool").kind).toBe("host-bridge");
    expect(["RunNodeTool", "UiBridgeTool"].map((n) => byName(r, n).kind)).toEqual(["host-bridge", "host-bridge"]);
  });

  it("config overrides win; a static name over a stateless process is capability-shaped even with no schema and no site", async () => {
    const r = await scan();
    expect(byName(r, "OddTool").kind).toBe("sandbox-pack");
    expect(byName(r, "OddTool").evidence[0]).toBe('config override classify.overrides["OddTool"] = sandbox-pack');
    // Issue 13: `unclassified` is for conflicting evidence only; what is missing is said.
    expect(byName(r, "LonelyTool").kind).toBe("capability");
    expect(byName(r, "LonelyTool").evidence[0]).toBe(
      'capability-shaped by shape: static wire name "lonely", no schema member (a conversion writes one), process() keeps no per-instance state read back; no construction site in scope',
    );
    expect(byName(r, "LonelyTool").evidence).toContain("no construction site found in the scanned files");
  });

  it("namespace from config by wire name, else the <ns>-tools.ts file name; an unlisted category is proposed and flagged", async () => {
    const r = await scan();
    // Issue 13: an unlisted name gets a proposal from its verb (was: the external fallback).
    expect(byName(r, "RunWorkflowTool")).toMatchObject({
      namespace: "runs",
      namespaceSource: "config",
      category: "execute",
      categorySource: "proposed",
    });
    expect(byName(r, "RunWorkflowTool").evidence.join("\n")).toContain(
      'category "execute" proposed from the wire name\'s verb "run": "run_workflow" is not listed in TOOL_PERMISSION_CATEGORIES',
    );
    expect(byName(r, "LonelyTool")).toMatchObject({ category: "external", categorySource: "fallback" });
    expect(byName(r, "RunNodeTool").namespace).toBeNull();
  });

  it("reports blockers with stable codes", async () => {
    const r = await scan();
    expect(new Set(codes(r, "QuirkyTool"))).toEqual(
      new Set(["constructor-logic", "this-escape", "instance-state", "super-call", "unknown-ctor-param"]),
    );
    expect(codes(r, "ListWorkflowsTool")).toEqual([]);
    expect(byName(r, "QuirkyTool").blockers.find((b) => b.code === "super-call")).toMatchObject({
      file: "packages/agents/src/tools/quirky-tools.ts",
      line: 18,
      message: "calls super.process",
    });
  });

  it("a field holding a value other than the spec's is instance-state, as the class move refuses it", async () => {
    const root = copyCase("classification");
    try {
      writeFileSync(
        join(root, "packages/agents/src/tools/direct-tools.ts"),
        'import { Tool } from "./base-tool.js";\nexport class DirectTool extends Tool {\n  readonly name = "direct";\n  readonly description = "d";\n  returnDirect = false;\n  async process() {\n    return 1;\n  }\n}\n',
      );
      const r = await scanInventory(root);
      expect(byName(r, "DirectTool").blockers).toEqual([
        expect.objectContaining({ code: "instance-state", line: 5, file: "packages/agents/src/tools/direct-tools.ts" }),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("counts the two counters and per-kind totals", async () => {
    const r = await scan();
    const { counters } = r;
    expect(counters.capabilityShaped).toBe(r.classes.filter((c) => c.kind === "capability").length);
    expect(counters.capabilityShaped).toBe(5);
    expect(counters.loopProtocol).toBe(3);
    expect(Object.values(counters.byKind).reduce((a, b) => a + b, 0)).toBe(r.classes.length);
    // Issue 13: a capability outside a <ns>-tools.ts file gets a namespace from its wire name
    // (list_provider_models → providers: this tree holds one of the NodeTool table's files, too
    // few for the table, whose "models" it once borrowed, to apply).
    expect(counters.byNamespace).toEqual({ providers: 1, quirky: 1, runs: 1, workflows: 2 });
  });
});
