/**
 * Capability specs of the "text" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

/** Counts the words of a text. */
export const wordCountSpec: CapabilitySpec = {
  name: "word_count",
  description: "Count the words in a text.",
  inputSchema: {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  },
  category: "read",
};

export const whoAmISpec: CapabilitySpec = {
  name: "who_am_i",
  description: "Say which user is asking.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const textSpecs: readonly CapabilitySpec[] = [
  wordCountSpec,
  whoAmISpec,
];
