/**
 * Capability specs of the "email" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const sendEmailSpec: CapabilitySpec = {
  name: "send_email",
  description: "Send an email.",
  inputSchema: { type: "object", properties: { to: { type: "string" } } },
  category: "external",
};

export const emailSpecs: readonly CapabilitySpec[] = [
  sendEmailSpec,
];
