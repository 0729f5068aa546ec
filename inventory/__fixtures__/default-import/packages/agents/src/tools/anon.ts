import { default as ToolRoot } from "./base-tool.js";

export default class extends ToolRoot {
  readonly name = "anon";
  readonly description = "anonymous default tool";
  async process(): Promise<unknown> {
    return null;
  }
}
