import { Tool } from "../src/tools/base-tool.js";

export class BuiltTool extends Tool {
  readonly name = "built";
  readonly description = "built tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
