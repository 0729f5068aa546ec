export * from "./tools/index.js";
export { Tool as AgentTool } from "./tools/base-tool.js";
