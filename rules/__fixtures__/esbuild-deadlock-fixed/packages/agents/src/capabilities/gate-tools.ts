// gateTools on the capabilities side: capabilities import tool-permissions, never the reverse.
import { capabilityFromTool } from "./adapters.js";

export function gateTools(names: string[]): string[] {
  return names.map((name) => `${name}:${capabilityFromTool(name).category}`);
}
