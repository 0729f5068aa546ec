/** The UI bridge tool is gated on its own, through the agents package. */
import { type GateOptions, type Tool, gateTools } from "@nodetool-ai/agents";

export const gateBridge = (bridge: Tool, options: GateOptions): Tool => gateTools([bridge], options)[0]!;
