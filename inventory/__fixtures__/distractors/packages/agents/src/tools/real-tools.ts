import { Tool } from "./base-tool.js";

export class OnlyRealTool extends Tool {
  readonly name = "only_real";
  readonly description = "only_real tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
