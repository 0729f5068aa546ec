import Core from "./tool.js";

class SearchTool extends Core {
  readonly name = "search";
  async process(): Promise<unknown> {
    return [];
  }
}

export default SearchTool;
