/**
 * Capability specs of the "jobs" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { JOB_STATUSES } from "../schemas/jobs.shared.js";

export const listJobsSpec: CapabilitySpec = {
  name: "list_jobs",
  description: "List your jobs with their status.",
  inputSchema: {
    type: "object",
    properties: {
      status: { type: "string", enum: [...JOB_STATUSES] },
    },
  },
  category: "read",
};

export const jobsSpecs: readonly CapabilitySpec[] = [
  listJobsSpec,
];
