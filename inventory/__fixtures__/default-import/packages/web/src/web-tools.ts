import { Tool, HttpTool } from "@acme/agents";

export class FetchTool extends Tool {
  readonly name = "fetch";
  readonly description = "fetch tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class CrawlTool extends HttpTool {
  readonly name = "crawl";
  readonly description = "crawl tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
