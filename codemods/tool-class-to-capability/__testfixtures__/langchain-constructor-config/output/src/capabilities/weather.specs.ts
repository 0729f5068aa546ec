/**
 * Capability specs of the "weather" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

/** LangChain's common constructor: super(fields), then each option over the field's default. */
export const forecastSpec: CapabilitySpec = {
  name: "forecast",
  description: "Forecasts the weather for a place.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "external",
};

/** The key read into a local, checked, then stored; super(...arguments) hands the base everything. */
export const geocodeSpec: CapabilitySpec = {
  name: "geocode",
  description: "Turns an address into coordinates.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "external",
};

/** Positional parameters defaulting to the environment; two tools' keys are two run fields. */
export const stationLookupSpec: CapabilitySpec = {
  name: "station_lookup",
  description: "Finds the nearest weather station.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "external",
};

export const radarLookupSpec: CapabilitySpec = {
  name: "radar_lookup",
  description: "Returns the latest radar image for a place.",
  inputSchema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  category: "external",
};

export const weatherSpecs: readonly CapabilitySpec[] = [
  forecastSpec,
  geocodeSpec,
  stationLookupSpec,
  radarLookupSpec,
];
