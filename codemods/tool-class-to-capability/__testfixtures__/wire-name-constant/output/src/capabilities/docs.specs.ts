/**
 * Capability specs of the "docs" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { INDEX_DOCS } from "../schemas/docs.shared.js";

const SEARCH_DOCS = "search_docs";

export const searchDocsSpec: CapabilitySpec = {
  name: SEARCH_DOCS,
  description: "Search the docs.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string" } },
  },
  category: "read",
};

export const indexDocsSpec: CapabilitySpec = {
  name: INDEX_DOCS,
  description: `Rebuild the docs index (${INDEX_DOCS}).`,
  inputSchema: { type: "object", properties: {} },
  category: "write",
};

export const docsSpecs: readonly CapabilitySpec[] = [
  searchDocsSpec,
  indexDocsSpec,
];
