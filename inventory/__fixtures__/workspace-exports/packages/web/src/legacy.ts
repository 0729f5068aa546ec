import { Tool } from "@scope/agents/legacy";

export class LegacyTool extends Tool {
  readonly name = "legacy";
  readonly description = "legacy tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
