import { Tool } from "@scope/agents/input-base";

/** LangChain's manifests: the source under a custom "input" condition, every standard one in dist/. */
export class InputConditionTool extends Tool {
  readonly name = "input_condition";
  readonly description = "input_condition tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
