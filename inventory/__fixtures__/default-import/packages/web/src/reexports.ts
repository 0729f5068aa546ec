export { default as AgentBase } from "@acme/agents/tools/base-tool";
