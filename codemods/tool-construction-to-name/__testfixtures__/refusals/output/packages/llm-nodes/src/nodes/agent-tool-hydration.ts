/**
 * NodeTool's real hydration shape: the static classes are combined with classes other modules
 * register at load time, so the table cannot become factories on its own and is refused whole.
 */
import { FindModelTool, ListModelsTool, type Tool } from "@nodetool-ai/agents";

type ToolCtor = new () => Tool;

const STATIC_TOOL_CLASSES: ToolCtor[] = [FindModelTool, ListModelsTool];
const extraToolClasses: ToolCtor[] = [];
let builtinAgentTools: Map<string, Tool> | null = null;

export function registerBuiltinAgentToolClasses(classes: ToolCtor[]): void {
  for (const c of classes) extraToolClasses.push(c);
  builtinAgentTools = null;
}

export function resolveBuiltinAgentTool(name: string): Tool | null {
  if (!builtinAgentTools) {
    builtinAgentTools = new Map<string, Tool>();
    for (const ToolClass of [...STATIC_TOOL_CLASSES, ...extraToolClasses]) {
      const tool = new ToolClass();
      builtinAgentTools.set(tool.name, tool);
    }
  }
  return builtinAgentTools.get(name) ?? null;
}
