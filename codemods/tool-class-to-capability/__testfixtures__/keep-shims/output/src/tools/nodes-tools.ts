import type { ExampleCatalog, NodeRegistry } from "../context.js";
import { Tool } from "./base-tool.js";
import { registry as capabilityRegistry, toolForCapabilityName } from "../capabilities/registry.js";
import { createCapabilityRun } from "capkit/runtime";

/**
 * @deprecated Migrated to the "list_nodes" capability (module "nodes"). Build it with
 * `toolForCapabilityName("list_nodes", run)`; this shim only keeps `new ListNodesTool(...)` and
 * `instanceof ListNodesTool` (a Tool named "list_nodes") working.
 */
export interface ListNodesTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ListNodesTool {
  constructor(registry: NodeRegistry) {
    return toolForCapabilityName("list_nodes", (context) => createCapabilityRun({ context, registry: capabilityRegistry, nodeRegistry: registry })) as ListNodesTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "list_nodes";
  }
}

/**
 * @deprecated Migrated to the "list_examples" capability (module "nodes"). Build it with
 * `toolForCapabilityName("list_examples", run)`; this shim only keeps `new ListExamplesTool(...)` and
 * `instanceof ListExamplesTool` (a Tool named "list_examples") working.
 */
export interface ListExamplesTool extends Tool {}
// eslint-disable-next-line @typescript-eslint/no-extraneous-class, @typescript-eslint/no-unsafe-declaration-merging
export class ListExamplesTool {
  constructor(catalog: ExampleCatalog) {
    return toolForCapabilityName("list_examples", (context) => createCapabilityRun({ context, registry: capabilityRegistry, examples: catalog })) as ListExamplesTool;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Tool && value.name === "list_examples";
  }
}
