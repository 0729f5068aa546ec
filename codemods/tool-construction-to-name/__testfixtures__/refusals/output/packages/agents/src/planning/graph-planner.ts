/**
 * The graph planner's discovery belt. Several shapes here cannot be rewritten mechanically and
 * are refused with a reason; the plain constructions next to them are still rewritten.
 */
import type { ProviderMap } from "../providers/types.js";
import type { Tool } from "../tools/base-tool.js";
import { FindModelTool, ListModelsTool, ScoreModelsTool, ModelCardTool } from "../tools/models-tools.js";
import { registerDiscoveryTool } from "./discovery.js";
import { registry, toolForCapabilityName } from "../capabilities/registry.js";
import { createCapabilityRun, gateFromContext } from "capkit/runtime";

export class GraphPlanner {
  private finder: FindModelTool | null = null;

  constructor(private readonly providers: ProviderMap, private readonly apiKey: string) {}

  discoveryTools(extra: [ProviderMap]): Tool[] {
    this.finder = toolForCapabilityName("find_model", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, providers: this.providers }));
    registerDiscoveryTool(ListModelsTool);
    return [
      this.finder,
      new ListModelsTool(...extra),
      toolForCapabilityName("search_models", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, apiKey: this.apiKey })),
      new ScoreModelsTool({ providers: this.providers }),
      new ModelCardTool(this.providers),
      new ListModelsTool(this.providers, "extra"),
    ];
  }
}
