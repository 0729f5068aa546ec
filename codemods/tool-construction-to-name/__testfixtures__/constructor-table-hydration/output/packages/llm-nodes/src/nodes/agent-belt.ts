/**
 * The default belt of an AgentNode with no tools selected: every always-available tool,
 * instantiated once per node run and indexed by wire name.
 */
import { HttpGetTool, type Tool, toolForCapabilityName } from "@nodetool-ai/agents";

type ToolCtor = new () => Tool;

const DEFAULT_AGENT_TOOLS: (() => Tool)[] = [
  () => toolForCapabilityName("list_workflows"),
  () => toolForCapabilityName("get_workflow"),
  () => new HttpGetTool(),
];

export function defaultAgentBelt(): Map<string, Tool> {
  const belt = new Map<string, Tool>();
  for (const ToolClass of DEFAULT_AGENT_TOOLS) {
    const tool = ToolClass();
    belt.set(tool.name, tool);
  }
  return belt;
}

export const defaultAgentToolCount = (): number => DEFAULT_AGENT_TOOLS.length;
