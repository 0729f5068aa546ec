import { Tool } from "./base-tool.js";

export class TestTool extends Tool {
  readonly name = "test_only";
  readonly description = "test_only tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
