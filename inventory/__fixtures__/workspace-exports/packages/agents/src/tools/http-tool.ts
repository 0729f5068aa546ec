import { Tool } from "./base-tool.js";

export abstract class HttpTool extends Tool {
  protected readonly origin = "https://example.test";
}
