export * from "./base-tool.js";
export * from "./weather/index.js";
