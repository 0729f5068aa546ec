export * from "./base-tool.js";
export * from "./http-tool.js";
