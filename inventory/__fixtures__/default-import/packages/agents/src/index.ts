export { default as Tool } from "./tools/base-tool.js";
export { default as HttpTool } from "./tools/http.js";
