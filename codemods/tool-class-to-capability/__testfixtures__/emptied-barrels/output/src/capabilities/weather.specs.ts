/**
 * Capability specs of the "weather" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const forecastSpec: CapabilitySpec = {
  name: "forecast",
  description: "Forecasts the weather.",
  inputSchema: { type: "object", properties: { place: { type: "string" } } },
  category: "read",
};

export const weatherSpecs: readonly CapabilitySpec[] = [
  forecastSpec,
];
