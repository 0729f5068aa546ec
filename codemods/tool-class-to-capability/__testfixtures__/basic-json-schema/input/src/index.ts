export { Tool } from "./tools/base-tool.js";
export { ListJobsTool } from "./tools/jobs-tools.js";
export * from "./tools/jobs-tools.js";
