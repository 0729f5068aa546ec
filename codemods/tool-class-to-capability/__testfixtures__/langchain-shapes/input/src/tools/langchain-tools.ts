/**
 * LangChain-shaped tools (after langchainjs libs/langchain-community/src/tools and Flowise's
 * nodes/tools): string input through `_call`, a StructuredTool with a zod schema, a static
 * member and a body reading its run manager.
 */
import { z } from "zod";
import { StructuredTool, Tool } from "./base-tool.js";

/** Adds integers (LangChain's Calculator, cut down). */
export class Calculator extends Tool {
  name = "calculator";
  description = "Useful for getting the result of a sum of integers. The input should look like 1 + 2.";

  async _call(input: string, _runManager?: unknown): Promise<string> {
    const terms = input.split("+").map((t) => Number.parseInt(t.trim(), 10));
    return terms.some(Number.isNaN) ? "I don't know how to do that." : String(terms.reduce((a, b) => a + b, 0));
  }
}

const WikipediaInput = z.object({ query: z.string().describe("The page title to look up.") });

export class WikipediaQueryRun extends StructuredTool {
  name = "wikipedia-api";
  description = "Fetches the first search result for a query from the Wikipedia API.";
  schema = WikipediaInput;

  async _call({ query }: z.infer<typeof WikipediaInput>): Promise<string> {
    const res = await fetch(`https://en.wikipedia.org/w/api.php?list=search&srsearch=${encodeURIComponent(query)}`);
    return res.ok ? await res.text() : `No page for ${query}`;
  }
}

/** Flowise's JsonListKeysTool shape: a static lc_name(). */
export class JsonListKeysTool extends Tool {
  static lc_name() {
    return "JsonListKeysTool";
  }

  name = "json_list_keys";
  description = "Lists the keys of the JSON object given as text.";

  async _call(input: string): Promise<string> {
    return Object.keys(JSON.parse(input) as object).join(", ");
  }
}

export class TracedEchoTool extends Tool {
  name = "traced_echo";
  description = "Echoes its input, reporting it to the run manager.";

  async _call(input: string, runManager?: { handleText(text: string): void }): Promise<string> {
    runManager?.handleText(input);
    return input;
  }
}

/** A plain-JS LangChain tool: `_call(input)` unannotated is still the one string. */
export class ShoutTool extends Tool {
  name = "shout";
  description = "Repeats the input in capitals.";

  // @ts-expect-error -- unannotated, as in a .js tool
  async _call(input) {
    return String(input).toUpperCase();
  }
}
