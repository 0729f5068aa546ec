import type { HttpRequest, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export abstract class FetchTool extends Tool {
  protected async send(context: ProcessingContext, request: HttpRequest) {
    const response = await context.request(request);
    return { status: response.status };
  }
}

export class FetchGetTool extends FetchTool {
  readonly name = "fetch_get";
  readonly description = "GET a URL.";

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return this.send(context, { method: "GET", url: String(params["url"]) });
  }
}
