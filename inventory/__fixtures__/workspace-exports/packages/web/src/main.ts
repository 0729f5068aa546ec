import { Tool } from "@scope/agents";

export class MainTool extends Tool {
  readonly name = "main";
  readonly description = "main tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
