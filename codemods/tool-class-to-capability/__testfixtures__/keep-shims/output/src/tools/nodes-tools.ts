import type { NodeRegistry } from "../context.js";
import { Tool } from "./base-tool.js";
import { registry as capabilityRegistry, toolForCapabilityName } from "../capabilities/registry.js";
import { createCapabilityRun } from "capkit/runtime";

/**
 * @deprecated Migrated to the "list_nodes" capability (module "nodes"). Build it with
 * `toolForCapabilityName("list_nodes", run)`; this shim only keeps `new ListNodesTool(...)` working.
 */
export interface ListNodesTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ListNodesTool {
  constructor(registry: NodeRegistry) {
    return toolForCapabilityName("list_nodes", (context) => createCapabilityRun({ context, registry: capabilityRegistry, nodeRegistry: registry })) as ListNodesTool;
  }
}
