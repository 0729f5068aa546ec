/**
 * Runs a belt tool on behalf of a sandbox action. find_model answers get a model card attached,
 * so the bridge special-cases it; everything else is passed through.
 */
import type { ProcessingContext } from "../context.js";
import type { Tool } from "../tools/index.js";
import * as files from "../tools/files-tools.js";
import { toolForCapabilityName } from "../capabilities/registry.js";

export async function runBridgedTool(tool: Tool, context: ProcessingContext, args: Record<string, unknown>): Promise<unknown> {
  const result = await tool.process(context, args);
  if (tool.name === "find_model") return { result, card: true };
  if (!(tool.name === "read_file") && context.readOnly) return { result, readOnly: true };
  return result;
}

export function isFileTool(tool: Tool): boolean {
  return tool.name === "read_file" || tool instanceof files.GrepTool;
}

export function pickTool(tools: readonly Tool[]): Tool | undefined {
  return tools.find((t) => t.name === "find_model") ?? toolForCapabilityName("read_file");
}
