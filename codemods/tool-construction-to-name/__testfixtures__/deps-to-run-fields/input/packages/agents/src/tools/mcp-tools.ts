/**
 * The MCP belt: every tool a session can reach, built from the host's dependencies. The
 * workflow tools that used to live here are capabilities now (capabilities/workflows.ts).
 */
import type { NodeRegistry } from "@nodetool-ai/node-sdk";
import type { ProviderMap } from "../providers/types.js";
import type { VectorCollection } from "../stores/vector-collection.js";
import type { ExampleWorkflowCatalog } from "../workflow/examples.js";
import { RunSubtaskTool, type SubAgentOptions } from "./agents-tools.js";
import { Tool } from "./base-tool.js";
import { FindModelTool, ListModelsTool } from "./models-tools.js";
import { VectorIndexTool } from "./vector-tools.js";

export interface McpToolDeps {
  readonly registry?: NodeRegistry;
  readonly providers?: ProviderMap;
  readonly examples?: ExampleWorkflowCatalog;
  readonly collection?: VectorCollection;
  readonly subAgent?: SubAgentOptions;
}

export function getAllMcpTools(deps: McpToolDeps = {}): Tool[] {
  const providers = deps.providers ?? {};
  const tools: Tool[] = [
    new ListWorkflowsTool(deps.examples),
    new GetWorkflowTool(),
    new ListModelsTool(providers),
    new FindModelTool(providers),
  ];
  if (deps.registry) {
    const registry = deps.registry;
    tools.push(new CreateWorkflowTool(registry), new RunWorkflowTool(registry));
  }
  if (deps.collection) tools.push(new VectorIndexTool(deps.collection));
  if (deps.subAgent) tools.push(new RunSubtaskTool(deps.subAgent));
  return tools;
}
