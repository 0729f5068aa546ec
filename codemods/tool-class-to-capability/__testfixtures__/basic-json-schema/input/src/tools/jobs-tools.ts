/**
 * Job tools: listing the user's jobs.
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

/**
 * Lists the caller's jobs, newest first.
 * The model uses it before cancelling one.
 */
export class ListJobsTool extends Tool {
  readonly name = "list_jobs";
  readonly description = "List your jobs with their status.";
  readonly jsonSchema = {
    type: "object",
    properties: {
      status: { type: "string", description: "Only jobs with this status." },
    },
  };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const jobs = context.jobs.list(context.userId);
    const status = params["status"];
    return { jobs: typeof status === "string" ? jobs.filter((j) => j.status === status) : jobs };
  }

  userMessage(params: Record<string, unknown>): string {
    return Tool.extractMessage(params) ?? `${this.name}: ${String(params["status"] ?? "all")} jobs`;
  }
}
