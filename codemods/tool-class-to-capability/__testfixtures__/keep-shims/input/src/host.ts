import type { NodeRegistry } from "./context.js";
import { ListNodesTool } from "./tools/nodes-tools.js";

export function belt(registry: NodeRegistry) {
  return [new ListNodesTool(registry)];
}
