/**
 * Capability specs of the "nodes" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const DEFAULT_LIMIT = 5;

export const searchNodesSpec: CapabilitySpec = {
  name: "search_nodes",
  description: `Search node types (up to ${DEFAULT_LIMIT} a page).`,
  inputSchema: { type: "object", properties: { query: { type: "string" }, cursor: { type: "integer" } } },
  category: "read",
};

export const nodesSpecs: readonly CapabilitySpec[] = [
  searchNodesSpec,
];
