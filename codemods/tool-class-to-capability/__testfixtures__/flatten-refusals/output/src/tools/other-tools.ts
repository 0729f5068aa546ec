import { CrossNamespaceBase } from "./flat-tools.js";

export class CrossNamespaceChildTool extends CrossNamespaceBase {
  readonly name = "cross_child";
  readonly description = "Lives in another namespace than its base.";
  async process() {
    return { greeting: this.hello() };
  }
}
