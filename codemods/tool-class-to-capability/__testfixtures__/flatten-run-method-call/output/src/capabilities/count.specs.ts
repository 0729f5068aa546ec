/**
 * Capability specs of the "count" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const wordCountSpec: CapabilitySpec = {
  name: "word_count",
  description: "Counts the words of the input.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

export const charCountSpec: CapabilitySpec = {
  name: "char_count",
  description: "Counts the characters of the input.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "read",
};

export const countSpecs: readonly CapabilitySpec[] = [
  wordCountSpec,
  charCountSpec,
];
