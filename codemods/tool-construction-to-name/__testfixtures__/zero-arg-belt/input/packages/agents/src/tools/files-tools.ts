/**
 * Workspace file tools. GrepTool stays a class: its constructor compiles the pattern cache,
 * which the class move refuses (constructor logic beyond field assignment).
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class GrepTool extends Tool {
  readonly name = "grep";
  readonly description = "Search workspace files for a regular expression.";
  readonly jsonSchema = { type: "object", properties: { pattern: { type: "string" } }, required: ["pattern"] };
  private readonly cache = new Map<string, RegExp>();

  constructor() {
    super();
    this.cache.set("", /(?:)/);
  }

  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    const pattern = String(params["pattern"]);
    const re = this.cache.get(pattern) ?? new RegExp(pattern);
    return context.workspace.grep(re);
  }
}
