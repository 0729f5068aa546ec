/**
 * Capability specs of the "jobs" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { LIMIT_SCHEMA, NAME_FIELD } from "../schemas/jobs.shared.js";
import { z } from "zod";

/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from `get schema()`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export const listJobsSpec: CapabilitySpec = {
  name: "list_jobs",
  description: "List your jobs.",
  inputSchema: { type: "object", properties: { limit: LIMIT_SCHEMA } },
  category: "read",
};

const renameJobSchema = z.object({ id: z.string(), name: NAME_FIELD });

export const renameJobSpec: CapabilitySpec = {
  name: "rename_job",
  description: "Rename one of your jobs.",
  inputSchema: toInputSchema(renameJobSchema),
  zodSchema: renameJobSchema,
  category: "write",
};

export const jobsSpecs: readonly CapabilitySpec[] = [
  listJobsSpec,
  renameJobSpec,
];
