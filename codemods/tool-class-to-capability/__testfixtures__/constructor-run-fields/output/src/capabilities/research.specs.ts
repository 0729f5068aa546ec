/**
 * Capability specs of the "research" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

export const readWorkspaceFileSpec: CapabilitySpec = {
  name: "read_workspace_file",
  description: "Read a file under the workspace root.",
  inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  category: "read",
};

export const webSearchSpec: CapabilitySpec = {
  name: "web_search",
  description: "Search the web.",
  inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  category: "external",
};

export const recallSpec: CapabilitySpec = {
  name: "recall",
  description: "Recall what the bound memory holds about a query.",
  inputSchema: { type: "object", properties: { query: { type: "string" } } },
  category: "read",
};

export const fetchPageSpec: CapabilitySpec = {
  name: "fetch_page",
  description: "Fetch a page's text, giving up after a timeout.",
  inputSchema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
  category: "external",
};

/** Takes `options`: the run field is named after the parameter, run.options; this class types it first. */
export const delegateSpec: CapabilitySpec = {
  name: "delegate",
  description: "Hand a task to a sub-agent.",
  inputSchema: { type: "object", properties: { task: { type: "string" } }, required: ["task"] },
  category: "execute",
};

/** Also takes `options`, typed otherwise: it gets a field named after its type, run.summaryOptions. */
export const summarizeSpec: CapabilitySpec = {
  name: "summarize",
  description: "Cut a text down to a number of words.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  category: "read",
};

export const researchSpecs: readonly CapabilitySpec[] = [
  readWorkspaceFileSpec,
  webSearchSpec,
  recallSpec,
  fetchPageSpec,
  delegateSpec,
  summarizeSpec,
];
