/** Before any namespace is migrated there is no capabilities side to move gateTools to. */
import type { Tool } from "./tools/base-tool.js";
import { gateTools, type GateOptions } from "./tools/tool-permissions.js";

export const gated = (tools: Tool[], options: GateOptions) => gateTools(tools, options);
