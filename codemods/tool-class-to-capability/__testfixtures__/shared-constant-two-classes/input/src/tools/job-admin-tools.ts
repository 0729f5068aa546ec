import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const OWNER_NOTE = "Only your own jobs are visible.";

export function adminNote(): string {
  return `Admins see everything. ${OWNER_NOTE}`;
}

export class ClearJobsTool extends Tool {
  readonly name = "clear_jobs";
  readonly description = `Clear your finished jobs. ${OWNER_NOTE}`;

  async process(context: ProcessingContext) {
    return { cleared: context.jobs.list(context.userId).filter((j) => j.status === "done").length };
  }
}
