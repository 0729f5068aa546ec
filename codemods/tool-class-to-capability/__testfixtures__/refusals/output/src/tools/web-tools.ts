import { Tool } from "./base-tool.js";
abstract class HttpTool extends Tool {}
export class HttpGetTool extends HttpTool {
  readonly name = "http_get";
  readonly description = "GET a URL.";
  async process() {
    return {};
  }
}
export const anonymous = class extends Tool {
  readonly name = "anon";
  readonly description = "Anonymous.";
  async process() {
    return {};
  }
};
