import { Tool } from "./base-tool.js";

export class RealTool extends Tool {
  readonly name = "real";
  readonly description = "real tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
