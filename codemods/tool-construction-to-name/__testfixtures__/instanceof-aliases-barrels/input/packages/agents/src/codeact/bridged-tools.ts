/**
 * Runs a belt tool on behalf of a sandbox action. find_model answers get a model card attached,
 * so the bridge special-cases it; everything else is passed through.
 */
import type { ProcessingContext } from "../context.js";
import { FindModelTool as FindModel, type Tool } from "../tools/index.js";
import * as files from "../tools/files-tools.js";

export async function runBridgedTool(tool: Tool, context: ProcessingContext, args: Record<string, unknown>): Promise<unknown> {
  const result = await tool.process(context, args);
  if (tool instanceof FindModel) return { result, card: true };
  if (!(tool instanceof files.ReadFileTool) && context.readOnly) return { result, readOnly: true };
  return result;
}

export function isFileTool(tool: Tool): boolean {
  return tool instanceof files.ReadFileTool || tool instanceof files.GrepTool;
}

export function pickTool(tools: readonly Tool[]): Tool | undefined {
  return tools.find((t) => t instanceof FindModel) ?? new files.ReadFileTool();
}
