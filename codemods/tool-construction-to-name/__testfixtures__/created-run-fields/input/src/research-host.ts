/** The host that builds the research belt: every constructor argument becomes a run field. */
import type { LongTermMemory } from "./memory/long-term.js";
import type { SerpProvider } from "./providers/serp.js";
import type { Tool } from "./tools/base-tool.js";
import { FetchPageTool, ReadWorkspaceFileTool, RecallTool, WebSearchTool } from "./tools/research-tools.js";

export function researchBelt(workspaceRoot: string, serp: SerpProvider, memory: LongTermMemory | null): Tool[] {
  return [
    new ReadWorkspaceFileTool(workspaceRoot),
    new WebSearchTool(serp),
    new WebSearchTool(serp, 10),
    new RecallTool(memory),
    new FetchPageTool(),
    new FetchPageTool({ timeoutMs: 2_000 }),
  ];
}
