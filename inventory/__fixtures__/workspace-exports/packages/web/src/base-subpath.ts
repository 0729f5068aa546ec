import * as agents from "@scope/agents/base";

export class BaseSubpathTool extends agents.Tool {
  readonly name = "base_subpath";
  readonly description = "base_subpath tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
