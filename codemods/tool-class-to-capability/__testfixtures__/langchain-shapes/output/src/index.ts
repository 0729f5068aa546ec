export * from "./tools/langchain-tools.js";
