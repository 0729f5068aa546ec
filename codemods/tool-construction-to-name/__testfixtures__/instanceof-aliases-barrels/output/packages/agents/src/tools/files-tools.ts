/** Workspace file tools; grep stays a class (its constructor compiles a pattern cache). */
import { Tool } from "./base-tool.js";

export class GrepTool extends Tool {
  readonly name = "grep";
  readonly description = "Search workspace files.";
  private readonly cache = new Map<string, RegExp>();

  constructor() {
    super();
    this.cache.set("", /(?:)/);
  }

  async process(): Promise<unknown> {
    return [];
  }
}
