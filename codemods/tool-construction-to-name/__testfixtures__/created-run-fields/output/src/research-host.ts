/** The host that builds the research belt: every constructor argument becomes a run field. */
import type { LongTermMemory } from "./memory/long-term.js";
import type { SerpProvider } from "./providers/serp.js";
import type { Tool } from "./tools/base-tool.js";
import { toolForCapabilityName, registry } from "./capabilities/registry.js";
import { createCapabilityRun, gateFromContext } from "capkit/runtime";

export function researchBelt(workspaceRoot: string, serp: SerpProvider, memory: LongTermMemory | null): Tool[] {
  return [
    toolForCapabilityName("read_workspace_file", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, workspaceRoot })),
    toolForCapabilityName("web_search", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, provider: serp })),
    toolForCapabilityName("web_search", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, provider: serp, limit: 10 })),
    toolForCapabilityName("recall", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, bound: memory })),
    toolForCapabilityName("fetch_page"),
    toolForCapabilityName("fetch_page", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, settings: { timeoutMs: 2_000 } })),
  ];
}
