/** Keeps the last recall tool a turn used; typed with the shim, which --keep-shims leaves in place. */
import { RecallTool } from "./memory-tools.js";

let lastRecall: RecallTool | null = null;

export function trackRecall(): RecallTool {
  lastRecall ??= new RecallTool();
  return lastRecall;
}
