/**
 * Capability specs of the "maps" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const geocodeSpec: CapabilitySpec = {
  name: "geocode",
  description: "Turns an address into coordinates.",
  inputSchema: { type: "object", properties: { address: { type: "string" } } },
  category: "read",
};

export const mapsSpecs: readonly CapabilitySpec[] = [
  geocodeSpec,
];
