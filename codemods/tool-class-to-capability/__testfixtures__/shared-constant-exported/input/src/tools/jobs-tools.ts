import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

/** The most jobs one call lists; the dashboard pages by it too. */
export const MAX_JOBS = 50;

export class ListJobsTool extends Tool {
  readonly name = "list_jobs";
  readonly description = `List up to ${MAX_JOBS} of your jobs.`;

  async process(context: ProcessingContext) {
    return { jobs: context.jobs.list(context.userId).slice(0, MAX_JOBS) };
  }
}
