/**
 * Capability specs of the "tally" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const readAliasSpec: CapabilitySpec = {
  name: "read_alias",
  description: "Reads limits through an alias and bumps a local copy.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const readLoopSpec: CapabilitySpec = {
  name: "read_loop",
  description: "Reads defaults in a loop.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const tallySpecs: readonly CapabilitySpec[] = [
  readAliasSpec,
  readLoopSpec,
];
