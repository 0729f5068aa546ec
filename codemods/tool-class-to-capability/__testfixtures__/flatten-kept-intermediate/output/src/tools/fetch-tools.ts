import type { HttpRequest, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export abstract class FetchTool extends Tool {
  protected async send(context: ProcessingContext, request: HttpRequest) {
    const response = await context.request(request);
    return { status: response.status };
  }
}
