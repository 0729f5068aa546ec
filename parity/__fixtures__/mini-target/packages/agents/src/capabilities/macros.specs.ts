/** Specs of the macros module (data only). fetch_url was unlisted in the old map → external. */
import type { CapabilitySpec } from "capkit/runtime";

export const runMacroSpec: CapabilitySpec = {
  name: "run_macro",
  description: "Run a named text macro.",
  inputSchema: { type: "object", properties: { name: { type: "string" }, input: { type: "string" } }, required: ["name"] },
  category: "execute",
};

export const fetchUrlSpec: CapabilitySpec = {
  name: "fetch_url",
  description: "Fetch a URL.",
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  category: "external",
};

export const macrosSpecs = [runMacroSpec, fetchUrlSpec];
