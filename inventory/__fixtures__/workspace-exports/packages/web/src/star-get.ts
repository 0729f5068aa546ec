import { HttpTool } from "@scope/agents/kit/http-tool";

export class StarGetTool extends HttpTool {
  readonly name = "star_get";
  readonly description = "star_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
