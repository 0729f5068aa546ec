/**
 * Capability specs of the "fetch" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const MAX_CHARS = 100;

/** GET a URL. */
export const fetchGetSpec: CapabilitySpec = {
  name: "fetch_get",
  description: "Fetch a URL.",
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  category: "read",
  userMessage: (params) => `${"fetch_get".toUpperCase()} ${String(params["url"] ?? "")}`,
};

export const fetchPostSpec: CapabilitySpec = {
  name: "fetch_post",
  description: `POST a body (cut at ${MAX_CHARS} characters).`,
  inputSchema: { type: "object", properties: { url: { type: "string" }, body: { type: "string" } }, required: ["url", "body"] },
  category: "external",
  userMessage: (params) => `Posting to ${String(params["url"] ?? "")}`,
};

export const fetchSpecs: readonly CapabilitySpec[] = [
  fetchGetSpec,
  fetchPostSpec,
];
