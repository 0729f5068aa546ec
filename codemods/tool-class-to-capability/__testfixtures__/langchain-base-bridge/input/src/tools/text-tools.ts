/**
 * LangChain tools over a base without `process`: the registry binds its Tool adapters to a
 * generated bridge, so a Tool built from a capability still runs through LangChain's `invoke`.
 */
import { z } from "zod";
import { StructuredTool, Tool } from "./base-tool.js";

export class ReverseTool extends Tool {
  name = "reverse";
  description = "Reverses the input text.";

  async _call(input: string): Promise<string> {
    return [...input].reverse().join("");
  }
}

const RepeatInput = z.object({ text: z.string(), times: z.number().int().min(1) });

export class RepeatTool extends StructuredTool {
  name = "repeat";
  description = "Repeats a text a number of times.";
  schema = RepeatInput;

  async _call({ text, times }: z.infer<typeof RepeatInput>): Promise<string> {
    return text.repeat(times);
  }
}
