import { HttpGetTool } from "./http-tools.js";

export class CachedGetTool extends HttpGetTool {
  readonly name = "cached_get";
  readonly description = "cached_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
