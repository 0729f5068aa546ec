import { Tool } from "@acme/agents/tools/base-tool.js";

export class DeepTool extends Tool {
  readonly name = "deep";
  readonly description = "deep tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
