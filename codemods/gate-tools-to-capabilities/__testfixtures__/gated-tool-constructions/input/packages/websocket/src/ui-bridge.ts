/** The UI bridge tool is gated on its own, through the agents package. */
import { GatedTool, type GateOptions, type Tool } from "@nodetool-ai/agents";

export const gateBridge = (bridge: Tool, options: GateOptions): Tool => new GatedTool(bridge, options);
