export * from "./tools/search-tools.js";
