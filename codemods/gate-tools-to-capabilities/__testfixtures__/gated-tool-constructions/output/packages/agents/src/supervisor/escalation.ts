/**
 * The escalation tool is gated in plan mode before it reaches the supervisor loop.
 */
import type { Tool } from "../tools/base-tool.js";
import {
  decidePermission,
} from "../tools/tool-permissions.js";
import { gateTools } from "../capabilities/registry.js";

export function escalationTool(tool: Tool): Tool {
  const mode = decidePermission("plan", "read") === "allow" ? "plan" : "default";
  return gateTools([tool], { mode })[0]!;
}
