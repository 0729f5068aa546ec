import type { HttpRequest, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

abstract class FetchTool extends Tool {
  protected async send(context: ProcessingContext, request: HttpRequest) {
    const response = await context.request(request);
    return { status: response.status, body: this.shape(response.body) };
  }

  protected shape(body: string): string {
    return body.trim();
  }

  protected abstract url(params: Record<string, unknown>): string;
}

export class FetchTextTool extends FetchTool {
  readonly name = "fetch_text";
  readonly description = "Fetch a URL as text.";

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return this.send(context, { method: "GET", url: this.url(params) });
  }

  protected url(params: Record<string, unknown>): string {
    return String(params["url"]);
  }
}

export class FetchUpperTool extends FetchTool {
  readonly name = "fetch_upper";
  readonly description = "Fetch a URL, upper-cased.";

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return this.send(context, { method: "GET", url: this.url(params) });
  }

  protected shape(body: string): string {
    return body.trim().toUpperCase();
  }

  protected url(params: Record<string, unknown>): string {
    return `https://${String(params["host"])}/`;
  }
}
