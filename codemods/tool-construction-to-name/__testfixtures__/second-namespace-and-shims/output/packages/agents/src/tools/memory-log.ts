/** Keeps the last recall tool a turn used; typed with the shim, which --keep-shims leaves in place. */
import { RecallTool } from "./memory-tools.js";
import { toolForCapabilityName } from "../capabilities/registry.js";

let lastRecall: RecallTool | null = null;

export function trackRecall(): RecallTool {
  lastRecall ??= toolForCapabilityName("recall");
  return lastRecall;
}
