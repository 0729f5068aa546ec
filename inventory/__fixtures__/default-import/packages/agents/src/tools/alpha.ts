import Base from "./base-tool.js";

export class AlphaTool extends Base {
  readonly name = "alpha";
  readonly description = "alpha tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
