/**
 * Capability specs of the "text" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const echoSpec: CapabilitySpec = {
  name: "echo",
  description: "Echoes the text.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const shoutSpec: CapabilitySpec = {
  name: "shout",
  description: "Shouts the text.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const jokeSpec: CapabilitySpec = {
  name: "joke",
  description: "Tells a joke.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const textSpecs: readonly CapabilitySpec[] = [
  echoSpec,
  shoutSpec,
  jokeSpec,
];
