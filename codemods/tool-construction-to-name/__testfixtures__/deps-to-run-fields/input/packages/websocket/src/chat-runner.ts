/**
 * One chat turn: the belt is the MCP belt plus the per-turn sub-agent, gated by the session.
 */
import { getAllMcpTools, RunSubtaskTool, VectorIndexTool, type ProcessingContext, type Tool } from "@nodetool-ai/agents";
import type { TurnDeps } from "./turn-deps.js";

export class ChatRunner {
  constructor(private readonly deps: TurnDeps) {}

  beltFor(ctx: ProcessingContext, model: string): Tool[] {
    const provider = this.deps.providers[model] ?? this.deps.fallbackProvider;
    return [
      ...getAllMcpTools({ registry: this.deps.registry }),
      new RunSubtaskTool({ provider, model, parentTools: () => this.beltFor(ctx, model) }),
      new VectorIndexTool(ctx.collections.get("default")),
      new VectorIndexTool(this.deps.collection),
    ];
  }
}
