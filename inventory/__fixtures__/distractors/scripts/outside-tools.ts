import { Tool } from "../packages/agents/src/tools/base-tool.js";

export class OutsideTool extends Tool {
  readonly name = "outside";
  readonly description = "outside tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
