/**
 * Wraps one tool at a time: a single escalation tool is gated on its own.
 */
import type { Tool } from "../tools/base-tool.js";
import { GatedTool, type GateOptions } from "../tools/tool-permissions.js";

export function gateOne(tool: Tool, options: GateOptions): Tool {
  return new GatedTool(tool, options);
}

export function gatePair(pair: [Tool, GateOptions]): Tool {
  return new GatedTool(...pair);
}

export function isGated(tool: Tool): boolean {
  return tool instanceof GatedTool;
}
