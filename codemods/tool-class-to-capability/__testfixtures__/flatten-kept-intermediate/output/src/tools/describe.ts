import { Tool } from "./base-tool.js";
import { FetchTool } from "./fetch-tools.js";

/** Code outside the converted classes that still names the intermediate. */
export function isFetchTool(tool: Tool): boolean {
  return tool instanceof FetchTool;
}
