/**
 * Capability specs of the "search" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

/** Echoes the query; every kind of metadata LangChain tools declare. */
export const echoSearchSpec: CapabilitySpec = {
  name: "echo_search",
  description: "Echoes the search query.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

/** A search whose API key LangChain serialises as a secret. */
export const keyedSearchSpec: CapabilitySpec = {
  name: "keyed_search",
  description: "Searches with an API key.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "external",
};

export const searchSpecs: readonly CapabilitySpec[] = [
  echoSearchSpec,
  keyedSearchSpec,
];
