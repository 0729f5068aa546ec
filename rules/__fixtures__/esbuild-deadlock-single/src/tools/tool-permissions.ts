// The classification map and, wrongly, gateTools beside it: importing the capabilities
// side from here closes tool-permissions → adapters → tool-permissions.
import { SETTINGS } from "./settings.js";
import { capabilityFromTool } from "../capabilities/adapters.js";

export const TOOL_CATEGORIES: Record<string, string> = { list_workflows: "read", run_job: "execute" };

export function categoryOf(name: string): string {
  return TOOL_CATEGORIES[name] ?? SETTINGS.defaultCategory;
}

export function gateTools(names: string[]): string[] {
  return names.map((name) => `${name}:${capabilityFromTool(name).category}`);
}
