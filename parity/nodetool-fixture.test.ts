/**
 * The harness on the embedded NodeTool fixture without waiting for the codemods: the fixture's
 * own belt tools are recorded through their `execute`, then exposed as capability modules the
 * way a migration would (spec from the tool, category from TOOL_PERMISSION_CATEGORIES, old
 * constructor deps read back from run fields) and checked. Proves record / replay and the gate
 * checks at full fixture size (45 capabilities); the real `migrate --all` path is in
 * parity-e2e.test.ts.
 */
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../lib/config/index.js";
import { createCapabilityRegistry } from "../runtime/registry.js";
import type { CapabilityModule, CapabilityRun, CapabilitySpec, JsonSchema, ZodLike } from "../runtime/types.js";
import * as agents from "../fixtures/nodetool-mini/packages/agents/src/index.js";
import { TOOL_PERMISSION_CATEGORIES } from "../fixtures/nodetool-mini/packages/agents/src/tools/tool-permissions.js";
import { createFakeContext, createFakeDeps } from "../fixtures/nodetool-mini/packages/agents/tests/fake-context.js";
import cases from "./presets/nodetool-mini.cases.json" with { type: "json" };
import { runChecks } from "./engine.js";
import { runFieldsFromDeps } from "./load-target.js";
import { recordParity, type RecordableTool } from "./record.js";
import type { ParityTarget } from "./types.js";

type Deps = Parameters<typeof agents.getAllMcpTools>[0];
const belt = (deps: Deps) => [...agents.getBuiltinTools(), ...agents.getAllMcpTools(deps)];
const depsOf = (run: CapabilityRun): Deps => ({
  registry: run.nodeRegistry,
  examples: run.examples,
  providers: run.providers,
  collection: run.vectorCollection,
});

function migrated(tamper?: (name: string, value: unknown) => unknown) {
  const tools = belt(createFakeDeps());
  const specs: CapabilitySpec[] = tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema as JsonSchema,
    ...(t.schema ? { zodSchema: t.schema as unknown as ZodLike } : {}),
    category: TOOL_PERMISSION_CATEGORIES[t.name] ?? "external",
    ...(t.needsToolCallId ? { needsToolCallId: true } : {}),
  }));
  const mod: CapabilityModule = {
    module: "belt",
    exports: specs.map((spec) => ({
      spec,
      impl: async (run, args) => {
        const tool = belt(depsOf(run)).find((t) => t.name === spec.name);
        const value = await tool?.process(run.context, args as never);
        return tamper ? tamper(spec.name, value) : value;
      },
    })),
  };
  return createCapabilityRegistry({ belt: { loader: async () => mod, specs } });
}

async function target(tamper?: (name: string, value: unknown) => unknown): Promise<ParityTarget> {
  const registry = migrated(tamper);
  const recording = await recordParity({
    createContext: createFakeContext,
    createDeps: createFakeDeps,
    buildBelts: (deps) => belt(deps as Deps) as unknown as RecordableTool[],
    cases: cases as unknown as Record<string, Record<string, unknown>[]>,
    categoryMap: TOOL_PERMISSION_CATEGORIES,
  });
  return {
    registry,
    createContext: createFakeContext,
    createRunFields: () => runFieldsFromDeps(createFakeDeps(), defaultConfig()),
    snapshot: registry.categorySnapshot(),
    recording,
    oldCategories: recording.oldCategories,
    canaries: { read: "list_workflows", write: "remember", execute: "run_workflow", external: "http_get" },
  };
}

describe("parity on the nodetool-mini belt exposed as capabilities", () => {
  it("records 45 tools and every check passes", async () => {
    const t = await target();
    expect(Object.keys(t.recording?.capabilities ?? {})).toHaveLength(45);
    const result = await runChecks(t);
    expect(result.checks.map((c) => [c.name, c.problems])).toEqual([
      ["drift", []],
      ["category-snapshot", []],
      ["gate-parity", []],
      ["behaviour", []],
    ]);
  });

  it("one implementation whose output changed fails, naming it and the first difference", async () => {
    const t = await target((name, value) =>
      name === "get_job" && value && typeof value === "object" ? { ...value, status: "done" } : value,
    );
    const behaviour = (await runChecks(t)).checks.find((c) => c.name === "behaviour");
    expect(behaviour?.problems).toEqual([
      expect.stringMatching(
        /^get_job: behaviour differs from the recording in 2 of 2 cases; first: case 1 \(cases-file\) \{"job_id":"job-a1"\}: at \$\.status: expected "completed", got "done"$/,
      ),
    ]);
  });
});
