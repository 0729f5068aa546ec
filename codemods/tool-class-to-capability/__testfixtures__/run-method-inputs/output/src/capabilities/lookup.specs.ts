/**
 * Capability specs of the "lookup" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

/** Declares the third parameter but never reads it: it is dropped. */
export const plainLookupSpec: CapabilitySpec = {
  name: "plain_lookup",
  description: "Looks a key up.",
  inputSchema: { type: "object", properties: { key: { type: "string" } } },
  category: "read",
};

export const lookupSpecs: readonly CapabilitySpec[] = [
  plainLookupSpec,
];
