/** @nodetool-ai/agents (abridged). */
export { Tool } from "./tools/base-tool.js";
export * from "./tools/tool-permissions.js";
export { gateTools } from "./capabilities/registry.js";
export { Agent } from "./agent.js";
