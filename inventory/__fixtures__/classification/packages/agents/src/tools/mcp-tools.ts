import type { Tool } from "./base-tool.js";
import { ListWorkflowsTool, RunWorkflowTool, type NodeRegistry } from "./workflows-tools.js";
import { QuirkyTool } from "./quirky-tools.js";

function getWorkflowExtras(): Tool[] {
  return [new RunWorkflowTool()];
}

export function getAllMcpTools(options: { registry: NodeRegistry }): Tool[] {
  return [new ListWorkflowsTool(options.registry), ...getWorkflowExtras(), new QuirkyTool({ id: "w" })];
}
