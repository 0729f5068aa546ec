export { Tool } from "./tools/base-tool.js";
export { CancelJobTool, SendEmailTool } from "./tools/more-tools.js";
