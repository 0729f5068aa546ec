/**
 * Capability specs of the "fetch" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const fetchGetSpec: CapabilitySpec = {
  name: "fetch_get",
  description: "GET a URL.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const fetchSpecs: readonly CapabilitySpec[] = [
  fetchGetSpec,
];
