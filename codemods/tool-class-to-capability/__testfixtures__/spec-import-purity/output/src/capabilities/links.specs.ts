/**
 * Capability specs of the "links" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { MAX_LINKS } from "../schemas/limits.js";

export const collectLinksSpec: CapabilitySpec = {
  name: "collect_links",
  description: `Collect the links of a page.
- At most ${MAX_LINKS} links
- Relative links are resolved against the page`,
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  category: "external",
};

export const countStepsSpec: CapabilitySpec = {
  name: "count_steps",
  description: "Count how many steps a walk would take.",
  inputSchema: { type: "object", properties: { steps: { type: "number" } } },
  category: "read",
  userMessage: (_params) => {
    return "Counting steps";
  },
};

export const linksSpecs: readonly CapabilitySpec[] = [
  collectLinksSpec,
  countStepsSpec,
];
