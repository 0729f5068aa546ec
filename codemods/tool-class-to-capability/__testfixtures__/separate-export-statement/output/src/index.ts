export * from "./tools/echo-tools.js";
