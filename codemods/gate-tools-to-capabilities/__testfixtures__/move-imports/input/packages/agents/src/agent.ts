/**
 * An agent turn: the belt is gated once per turn, then handed to the tool loop.
 */
import type { ProcessingContext } from "./context.js";
import { runToolLoop } from "./loop/tool-loop.js";
import type { Tool } from "./tools/base-tool.js";
import { decidePermission, gateTools, type GateOptions } from "./tools/tool-permissions.js";

export class Agent {
  constructor(private readonly tools: readonly Tool[], private readonly gate: GateOptions) {}

  async run(context: ProcessingContext, prompt: string): Promise<unknown> {
    const belt = gateTools(this.tools, this.gate);
    if (decidePermission(this.gate.mode, "write") === "block") context.log("plan mode: writes are blocked");
    return runToolLoop({ context, tools: belt, prompt });
  }
}
