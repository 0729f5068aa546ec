// Capabilities may import tools/: this direction is allowed.
import { categoryOf } from "../tools/tool-permissions.js";

export function capabilityFromTool(name: string): { name: string; category: string } {
  return { name, category: categoryOf(name) };
}
