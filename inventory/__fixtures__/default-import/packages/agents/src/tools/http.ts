import ToolBase from "./base-tool.js";

export default abstract class HttpTool extends ToolBase {
  protected readonly origin = "https://example.test";
}
