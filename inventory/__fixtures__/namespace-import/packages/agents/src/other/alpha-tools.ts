import * as core from "../tools/base-tool.js";

export class AlphaTool extends core.Tool {
  readonly name = "alpha";
  readonly description = "alpha tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
