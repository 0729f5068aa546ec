import { z } from "zod";
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const MAX_LIMIT = 100;

// Reused by the staying validator below.
const LIMIT_SCHEMA = { type: "integer", minimum: 1, maximum: MAX_LIMIT } satisfies Record<string, unknown>;

const NAME_FIELD = z.string().min(1).describe("The job's name.");

export const RenameInput = z.object({ id: z.string(), name: NAME_FIELD });

export function validLimit(limit: number): boolean {
  return limit >= LIMIT_SCHEMA.minimum && limit <= LIMIT_SCHEMA.maximum;
}

export function validName(name: string): boolean {
  return NAME_FIELD.safeParse(name).success;
}

export class ListJobsTool extends Tool {
  readonly name = "list_jobs";
  readonly description = "List your jobs.";
  readonly jsonSchema = { type: "object", properties: { limit: LIMIT_SCHEMA } };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const limit = typeof params["limit"] === "number" ? params["limit"] : MAX_LIMIT;
    return { jobs: context.jobs.list(context.userId).slice(0, limit) };
  }
}

export class RenameJobTool extends Tool {
  readonly name = "rename_job";
  readonly description = "Rename one of your jobs.";

  get schema() {
    return z.object({ id: z.string(), name: NAME_FIELD });
  }

  async process(_context: ProcessingContext, params: { id: string; name: string }) {
    return { renamed: params.id, to: params.name };
  }
}
