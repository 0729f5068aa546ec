/**
 * LangChain-shaped tools (after langchainjs libs/langchain-community/src/tools and Flowise's
 * nodes/tools): string input through `_call`, a StructuredTool with a zod schema, a static
 * member and a body reading its run manager.
 */
import { Tool } from "./base-tool.js";

export class TracedEchoTool extends Tool {
  name = "traced_echo";
  description = "Echoes its input, reporting it to the run manager.";

  async _call(input: string, runManager?: { handleText(text: string): void }): Promise<string> {
    runManager?.handleText(input);
    return input;
  }
}
