import { z } from "zod";
import type { CapabilitySpec } from "capkit/runtime";
import { PAGE_SCHEMA } from "./schemas/paging.js";

export const listWorkflowsSpec = {
  name: "list_workflows",
  description: "List workflows",
  inputSchema: PAGE_SCHEMA,
  zodSchema: z.object({ limit: z.number().optional() }),
  category: "read",
} satisfies CapabilitySpec;
