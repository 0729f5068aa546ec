/**
 * Capability specs of the "nodes" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const listNodesSpec: CapabilitySpec = {
  name: "list_nodes",
  description: "List node types.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const listExamplesSpec: CapabilitySpec = {
  name: "list_examples",
  description: "List example workflows.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const nodesSpecs: readonly CapabilitySpec[] = [
  listNodesSpec,
  listExamplesSpec,
];
