/**
 * Capability specs of the "jobs" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { OWNER_NOTE } from "../schemas/jobs.shared.js";

export const clearJobsSpec: CapabilitySpec = {
  name: "clear_jobs",
  description: `Clear your finished jobs. ${OWNER_NOTE}`,
  inputSchema: { type: "object", properties: {} },
  category: "write",
};

export const listJobsSpec: CapabilitySpec = {
  name: "list_jobs",
  description: `List your jobs. ${OWNER_NOTE}`,
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const countJobsSpec: CapabilitySpec = {
  name: "count_jobs",
  description: `Count your jobs. ${OWNER_NOTE}`,
  inputSchema: { type: "object", properties: {} },
  category: "read",
};

export const jobsSpecs: readonly CapabilitySpec[] = [
  clearJobsSpec,
  listJobsSpec,
  countJobsSpec,
];
