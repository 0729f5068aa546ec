/** The weather tools. */
export * from "./forecast-tool.js";
