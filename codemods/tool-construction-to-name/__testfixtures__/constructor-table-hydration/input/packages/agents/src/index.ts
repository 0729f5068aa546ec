/** @nodetool-ai/agents (abridged): the bound adapters are re-exported for other packages. */
export { Tool } from "./tools/base-tool.js";
export { registry, toolForCapabilityName, gateTools } from "./capabilities/registry.js";
export { HttpGetTool } from "./tools/web-tools.js";
