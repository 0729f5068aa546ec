import Search from "./search.js";

export class FuzzySearchTool extends Search {
  readonly name = "fuzzy_search";
}
