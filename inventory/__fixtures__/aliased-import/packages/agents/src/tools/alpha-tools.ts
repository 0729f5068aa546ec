import { Tool as BaseTool } from "./base-tool.js";

export class AlphaTool extends BaseTool {
  readonly name = "alpha";
  readonly description = "alpha tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
