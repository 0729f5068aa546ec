import { HttpTool } from "@scope/agents/tools/http-tool.js";

export class TwinGetTool extends HttpTool {
  readonly name = "twin_get";
  readonly description = "twin_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
