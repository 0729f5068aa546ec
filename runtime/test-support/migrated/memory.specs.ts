// The shape the codemods emit for one namespace: data-only specs plus the namespace's list.
// (Contract fixture for runtime tests: imports `capkit/runtime` exactly as migrated code does.)
import type { CapabilitySpec } from "capkit/runtime";

export const remember: CapabilitySpec = {
  name: "remember",
  description: "Store a note under a key in this thread's memory.",
  inputSchema: {
    type: "object",
    properties: { key: { type: "string" }, value: { type: "string" } },
    required: ["key", "value"],
  },
  category: "write",
  userMessage: (args) => `Remembering ${String(args["key"])}`,
};

export const recall: CapabilitySpec = {
  name: "recall",
  description: "Read this thread's memory.",
  inputSchema: { type: "object", properties: { key: { type: "string" } } },
  category: "read",
};

export const memorySpecs = [remember, recall] as const;
