/**
 * The default belt of an AgentNode with no tools selected: every always-available tool,
 * instantiated once per node run and indexed by wire name.
 */
import { GetWorkflowTool, HttpGetTool, ListWorkflowsTool, type Tool } from "@nodetool-ai/agents";

type ToolCtor = new () => Tool;

const DEFAULT_AGENT_TOOLS: ToolCtor[] = [
  ListWorkflowsTool,
  GetWorkflowTool,
  HttpGetTool,
];

export function defaultAgentBelt(): Map<string, Tool> {
  const belt = new Map<string, Tool>();
  for (const ToolClass of DEFAULT_AGENT_TOOLS) {
    const tool = new ToolClass();
    belt.set(tool.name, tool);
  }
  return belt;
}

export const defaultAgentToolCount = (): number => DEFAULT_AGENT_TOOLS.length;
