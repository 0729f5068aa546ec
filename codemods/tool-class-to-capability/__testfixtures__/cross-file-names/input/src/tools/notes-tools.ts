/** One of two files of the "desk" namespace: its names meet the other file's in desk.ts. */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const PAGE_SIZE = 10;

function clip(text: string): string {
  return text.slice(0, 40);
}

function owner(context: ProcessingContext): string {
  return context.userId;
}

function normalize(text: string): string {
  return text.trim().toLowerCase();
}

export interface Options {
  readonly pinnedFirst?: boolean;
}

export class ListNotesTool extends Tool {
  readonly name = "list_notes";
  readonly description = "List the user's notes matching a query.";
  readonly jsonSchema = { type: "object", properties: { q: { type: "string" } } };

  constructor(private readonly options?: Options) {
    super();
  }

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const limits = { PAGE_SIZE };
    return { user: owner(context), q: clip(normalize(String(params["q"] ?? ""))), limits, pinned: this.options?.pinnedFirst };
  }
}
