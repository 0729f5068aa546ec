/** @nodetool-ai/agents (abridged). */
export { Tool } from "./tools/base-tool.js";
export { getBuiltinTools } from "./tools/builtin-tools.js";
export { GrepTool } from "./tools/files-tools.js";
export { toolForCapabilityName } from "./capabilities/registry.js";
