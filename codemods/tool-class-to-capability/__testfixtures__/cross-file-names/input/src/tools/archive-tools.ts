/**
 * The other file of the "desk" namespace: the same names bound to other things (a context type
 * from another module, its own clip, an imported PAGE_SIZE, its own `Options` for a constructor
 * parameter also called `options`) and one helper written identically.
 */
import type { ProcessingContext } from "../legacy/context.js";
import { PAGE_SIZE } from "../limits.js";
import { Tool } from "./base-tool.js";

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function normalize(text: string): string {
  return text.trim().toLowerCase();
}

export interface Options {
  readonly reason: string;
}

export class ArchiveNoteTool extends Tool {
  readonly name = "archive_note";
  readonly description = "Archive one note.";
  readonly jsonSchema = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };

  constructor(private readonly options: Options) {
    super();
  }

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const { userId } = context;
    return { userId, id: clip(normalize(String(params["id"]))), page: PAGE_SIZE, reason: this.options.reason };
  }
}
