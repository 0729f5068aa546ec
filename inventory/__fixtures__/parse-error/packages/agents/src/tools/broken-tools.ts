import { Tool } from "./base-tool.js";

export class BrokenTool extends Tool {
  readonly name = "broken";
  async process(: Promise<unknown> {
    return 1;
  }
}
