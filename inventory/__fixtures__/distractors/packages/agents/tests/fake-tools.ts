import { Tool } from "../src/tools/base-tool.js";

export class FakeTool extends Tool {
  readonly name = "fake";
  readonly description = "fake tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
