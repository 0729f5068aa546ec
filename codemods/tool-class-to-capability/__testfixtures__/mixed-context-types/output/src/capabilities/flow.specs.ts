/**
 * Capability specs of the "flow" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const whoAmISpec: CapabilitySpec = {
  name: "who_am_i",
  description: "The calling user.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const listStepsSpec: CapabilitySpec = {
  name: "list_steps",
  description: "The steps of the running workflow.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const pingSpec: CapabilitySpec = {
  name: "ping",
  description: "Answers pong.",
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const flowSpecs: readonly CapabilitySpec[] = [
  whoAmISpec,
  listStepsSpec,
  pingSpec,
];
