/**
 * The escalation tool is gated in plan mode before it reaches the supervisor loop.
 */
import type { Tool } from "../tools/base-tool.js";
import {
  GatedTool,
  decidePermission,
} from "../tools/tool-permissions.js";

export function escalationTool(tool: Tool): Tool {
  const mode = decidePermission("plan", "read") === "allow" ? "plan" : "default";
  return new GatedTool(tool, { mode });
}
