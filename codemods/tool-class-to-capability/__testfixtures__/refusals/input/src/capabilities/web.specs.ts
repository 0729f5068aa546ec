import type { CapabilitySpec } from "capkit/runtime";

export const fetchSpec: CapabilitySpec = {
  name: "fetch_url",
  description: "Already migrated.",
  inputSchema: { type: "object", properties: {} },
  category: "external",
};

export const webSpecs: readonly CapabilitySpec[] = [fetchSpec];
