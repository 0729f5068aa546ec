/**
 * Capability specs of the "jobs" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";

/**
 * Lists the caller's jobs, newest first.
 * The model uses it before cancelling one.
 */
export const listJobsSpec: CapabilitySpec = {
  name: "list_jobs",
  description: "List your jobs with their status.",
  inputSchema: {
    type: "object",
    properties: {
      status: { type: "string", description: "Only jobs with this status." },
    },
  },
  category: "read",
  userMessage: (params) => `list_jobs: ${String(params["status"] ?? "all")} jobs`,
};

export const cancelJobSpec: CapabilitySpec = {
  name: "cancel_job",
  description: "Cancel one of your jobs.",
  inputSchema: { type: "object", properties: { job_id: { type: "string" } }, required: ["job_id"] },
  category: "write",
};

export const jobsSpecs: readonly CapabilitySpec[] = [
  listJobsSpec,
  cancelJobSpec,
];
