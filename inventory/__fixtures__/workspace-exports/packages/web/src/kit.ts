import { Tool } from "@scope/agents/kit/base-tool";

export class KitTool extends Tool {
  readonly name = "kit";
  readonly description = "kit tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
