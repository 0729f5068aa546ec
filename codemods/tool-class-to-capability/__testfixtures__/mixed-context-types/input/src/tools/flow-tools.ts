/**
 * Flow tools: one namespace whose classes take different contexts; each impl keeps its own.
 */
import type { ProcessingContext, WorkflowContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class WhoAmITool extends Tool {
  readonly name = "who_am_i";
  readonly description = "The calling user.";

  async process(context: ProcessingContext) {
    return { userId: context.userId };
  }
}

export class ListStepsTool extends Tool {
  readonly name = "list_steps";
  readonly description = "The steps of the running workflow.";

  async process(context: WorkflowContext) {
    return { workflow: context.workflowId, steps: [...context.steps] };
  }
}

export class PingTool extends Tool {
  readonly name = "ping";
  readonly description = "Answers pong.";

  async process() {
    return "pong";
  }
}
