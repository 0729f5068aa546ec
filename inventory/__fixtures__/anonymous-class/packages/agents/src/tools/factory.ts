import { Tool } from "./base-tool.js";

export function makeNodeTool(slot: string) {
  return class extends Tool {
    readonly name = `node_${slot}`;
    readonly description = "dynamic node tool";
    async process(): Promise<unknown> {
      return slot;
    }
  };
}

export const NamedByBinding = class extends Tool {
  readonly name = "bound";
  readonly description = "bound";
  async process(): Promise<unknown> {
    return 1;
  }
};
