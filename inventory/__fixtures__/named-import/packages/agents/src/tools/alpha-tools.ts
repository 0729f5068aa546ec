import { Tool } from "./base-tool.js";

export class AlphaTool extends Tool {
  readonly name = "alpha";
  readonly description = "alpha tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
