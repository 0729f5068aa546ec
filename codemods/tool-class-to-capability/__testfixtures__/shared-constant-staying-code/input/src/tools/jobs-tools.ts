/**
 * Job tools. The status list is used by the tool's schema, its implementation and a helper
 * that stays here.
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

/** Every status a job can have. */
const JOB_STATUSES = ["queued", "running", "done"] as const;

export function isJobStatus(value: string): boolean {
  return (JOB_STATUSES as readonly string[]).includes(value);
}

export class ListJobsTool extends Tool {
  readonly name = "list_jobs";
  readonly description = "List your jobs with their status.";
  readonly jsonSchema = {
    type: "object",
    properties: {
      status: { type: "string", enum: [...JOB_STATUSES] },
    },
  };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const status = params["status"];
    const jobs = context.jobs.list(context.userId);
    return { jobs: typeof status === "string" && JOB_STATUSES.some((s) => s === status) ? jobs.filter((j) => j.status === status) : jobs };
  }
}
