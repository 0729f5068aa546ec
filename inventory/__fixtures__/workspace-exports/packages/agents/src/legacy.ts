export { Tool } from "./tools/base-tool.js";
