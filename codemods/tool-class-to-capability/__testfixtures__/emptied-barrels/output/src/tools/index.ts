export * from "./base-tool.js";
