/**
 * Executes a sandbox action against a gated belt. Already uses capabilities by name.
 */
import { toolForCapabilityName, gateTools as applyGate } from "../capabilities/registry.js";
import type { ProcessingContext } from "../context.js";
import type { GateOptions } from "../tools/tool-permissions.js";

export function codeactBelt(context: ProcessingContext, options: GateOptions) {
  return applyGate([toolForCapabilityName("list_workflows"), toolForCapabilityName("read_file")], options);
}
