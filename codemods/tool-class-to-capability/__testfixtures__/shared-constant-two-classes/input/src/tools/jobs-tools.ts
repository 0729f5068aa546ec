import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const OWNER_NOTE = "Only your own jobs are visible.";

export function ownerNote(): string {
  return OWNER_NOTE;
}

export class ListJobsTool extends Tool {
  readonly name = "list_jobs";
  readonly description = `List your jobs. ${OWNER_NOTE}`;

  async process(context: ProcessingContext) {
    return { jobs: context.jobs.list(context.userId) };
  }
}

export class CountJobsTool extends Tool {
  readonly name = "count_jobs";
  readonly description = `Count your jobs. ${OWNER_NOTE}`;

  async process(context: ProcessingContext) {
    return { count: context.jobs.list(context.userId).length };
  }
}
