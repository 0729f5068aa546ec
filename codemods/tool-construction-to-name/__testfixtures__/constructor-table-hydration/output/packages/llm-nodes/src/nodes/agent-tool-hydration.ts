/**
 * Builtin agent-tool hydration. An AgentNode saves its tools as bare name stubs
 * (`{ name: "list_workflows" }`); before a run they are hydrated into Tool instances by wire
 * name. A stub is not executable until hydrated.
 */
import { HttpGetTool, type Tool, toolForCapabilityName } from "@nodetool-ai/agents";

type MaybeTool = { readonly name: string; readonly process?: unknown };

const STATIC_TOOL_CLASSES: Record<string, () => Tool> = {
  list_workflows: () => toolForCapabilityName("list_workflows"),
  get_workflow: () => toolForCapabilityName("get_workflow"),
  read_file: () => toolForCapabilityName("read_file"),
  http_get: () => new HttpGetTool(),
};

export function isBuiltinAgentTool(name: string): boolean {
  return Object.hasOwn(STATIC_TOOL_CLASSES, name);
}

export function builtinAgentToolNames(): string[] {
  return Object.keys(STATIC_TOOL_CLASSES).sort();
}

export function resolveBuiltinAgentTool(name: string): Tool | null {
  const ToolClass = STATIC_TOOL_CLASSES[name];
  if (!ToolClass) return null;
  return ToolClass();
}

export function hydrateBuiltinAgentTool<T extends MaybeTool>(tool: T): T | Tool {
  if (typeof tool.process === "function") return tool;
  return resolveBuiltinAgentTool(tool.name) ?? tool;
}
