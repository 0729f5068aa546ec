import { Tool } from "./base-tool.js";

export class FineTool extends Tool {
  readonly name = "fine";
  readonly description = "fine tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
