/**
 * The chat runner gates every belt per turn; gateTools comes through the agents package, whose
 * index now exports the capabilities-side one.
 */
import { gateTools, getAllMcpTools, type GateOptions } from "@nodetool-ai/agents";

export function turnBelt(options: GateOptions) {
  return gateTools(getAllMcpTools({}), options);
}
