import Base from "./base-tool.js";

export default class EchoTool extends Base {
  readonly name = "echo";
  readonly description = "echo tool";
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return params;
  }
}
