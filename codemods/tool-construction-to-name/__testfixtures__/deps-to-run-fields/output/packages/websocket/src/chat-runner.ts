/**
 * One chat turn: the belt is the MCP belt plus the per-turn sub-agent, gated by the session.
 */
import { getAllMcpTools, VectorIndexTool, type ProcessingContext, type Tool } from "@nodetool-ai/agents";
import type { TurnDeps } from "./turn-deps.js";
import { registry, toolForCapabilityName } from "../../agents/src/capabilities/registry.js";
import { createCapabilityRun, gateFromContext } from "capkit/runtime";

export class ChatRunner {
  constructor(private readonly deps: TurnDeps) {}

  beltFor(ctx: ProcessingContext, model: string): Tool[] {
    const provider = this.deps.providers[model] ?? this.deps.fallbackProvider;
    return [
      ...getAllMcpTools({ registry: this.deps.registry }),
      toolForCapabilityName("run_subtask", (ctx2) => createCapabilityRun({ context: ctx2, gate: gateFromContext(ctx2), registry, options: { provider, model, parentTools: () => this.beltFor(ctx, model) } })),
      new VectorIndexTool(ctx.collections.get("default")),
      toolForCapabilityName("vector_index", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, vectorCollection: this.deps.collection })),
    ];
  }
}
