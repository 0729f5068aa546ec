import { Tool } from "./base-tool.js";

export abstract class HttpTool extends Tool {
  protected base = "https://example.test";
}

export class HttpGetTool extends HttpTool {
  readonly name = "http_get";
  readonly description = "http_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class HttpPostTool extends HttpTool {
  readonly name = "http_post";
  readonly description = "http_post tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
