import { StructuredTool, Tool } from "@lc/core/tools";

export class ExaSearch extends Tool {
  name = "exa_search";
  protected async _call(q: string): Promise<string> {
    return q;
  }
}

export class ExaSimilar extends StructuredTool<{ url: string }> {
  name = "exa_similar";
  schema = { url: "" };
  protected async _call(a: { url: string }): Promise<string> {
    return a.url;
  }
}
