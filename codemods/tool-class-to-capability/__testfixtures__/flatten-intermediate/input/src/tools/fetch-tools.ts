/**
 * Fetch tools: one abstract base with the shared request logic, concrete tools per verb.
 */
import type { HttpRequest, ProcessingContext, NodeRegistry } from "../context.js";
import { Tool } from "./base-tool.js";

export const MAX_CHARS = 100;

export abstract class FetchTool extends Tool {
  readonly description = "Fetch a URL.";

  protected async send(context: ProcessingContext, request: HttpRequest) {
    if (!/^https?:/.test(request.url)) return { error: "invalid_url" };
    const response = await context.request(request);
    return { status: response.status, body: this.cut(response.body) };
  }

  private cut(body: string): string {
    return body.slice(0, MAX_CHARS);
  }

  protected label(): string {
    return `${this.name} (${this.description})`;
  }

  userMessage(params: Record<string, unknown>): string {
    return Tool.extractMessage(params) ?? `${this.name.toUpperCase()} ${String(params["url"] ?? "")}`;
  }
}

/** GET a URL. */
export class FetchGetTool extends FetchTool {
  readonly name = "fetch_get";
  readonly jsonSchema = { type: "object", properties: { url: { type: "string" } }, required: ["url"] };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    const result = await this.send(context, { method: "GET", url: String(params["url"]) });
    return { ...result, label: this.label() };
  }
}

export class FetchPostTool extends FetchTool {
  readonly name = "fetch_post";
  readonly description = `POST a body (cut at ${MAX_CHARS} characters).`;
  readonly jsonSchema = { type: "object", properties: { url: { type: "string" }, body: { type: "string" } }, required: ["url", "body"] };

  constructor(private readonly registry: NodeRegistry) {
    super();
  }

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    if (this.registry.search(context.userId, 1).length === 0) return { error: "rate_limited", label: this.label() };
    return this.send(context, { method: "POST", url: String(params["url"]), body: String(params["body"]) });
  }

  userMessage(params: Record<string, unknown>): string {
    return `Posting to ${String(params["url"] ?? "")}`;
  }
}
