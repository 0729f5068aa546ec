export * from "./tools/echo-tools.js";
export { JokeTool } from "./tools/joke-tools.js";
