/** The tools barrel (the class move already dropped the re-exports of converted classes). */
export { Tool } from "./base-tool.js";
export { GrepTool } from "./files-tools.js";
