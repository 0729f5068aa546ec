/** Keeps the last recall tool a turn used; typed with the shim, which --keep-shims leaves in place. */
import type { Tool } from "./base-tool.js";
import { RecallTool } from "./memory-tools.js";

let lastRecall: RecallTool | null = null;

export function trackRecall(): RecallTool {
  lastRecall ??= new RecallTool();
  return lastRecall;
}

/** The shim answers this `instanceof` too, but the codemod still moves it to the wire name. */
export function isRecall(tool: Tool): boolean {
  return tool instanceof RecallTool;
}
