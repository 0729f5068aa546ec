/**
 * Docs tools: the wire names are file constants, which the inventory reads as fixed identities.
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const SEARCH_DOCS = "search_docs";
const INDEX_DOCS = "index_docs" as const;

export class SearchDocsTool extends Tool {
  readonly name = SEARCH_DOCS;
  readonly description = "Search the docs.";
  readonly jsonSchema = {
    type: "object",
    properties: { query: { type: "string" } },
  };

  async process(context: ProcessingContext, params: Record<string, unknown>) {
    return { tool: this.name, hits: context.docs.search(String(params["query"] ?? "")) };
  }
}

export class IndexDocsTool extends Tool {
  readonly name = INDEX_DOCS;
  readonly description = `Rebuild the docs index (${INDEX_DOCS}).`;

  async process(context: ProcessingContext) {
    return { indexed: context.docs.search("").length };
  }
}

export function isIndexCall(toolName: string): boolean {
  // Staying code names a tool too: its constant goes to the shared module, both sides import it.
  return toolName === INDEX_DOCS;
}
