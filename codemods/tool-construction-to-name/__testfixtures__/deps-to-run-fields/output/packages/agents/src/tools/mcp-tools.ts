/**
 * The MCP belt: every tool a session can reach, built from the host's dependencies. The
 * workflow tools that used to live here are capabilities now (capabilities/workflows.ts).
 */
import type { NodeRegistry } from "@nodetool-ai/node-sdk";
import type { ProviderMap } from "../providers/types.js";
import type { VectorCollection } from "../stores/vector-collection.js";
import type { ExampleWorkflowCatalog } from "../workflow/examples.js";
import type { SubAgentOptions } from "./agents-tools.js";
import { Tool } from "./base-tool.js";
import { toolForCapabilityName, registry as capabilityRegistry } from "../capabilities/registry.js";
import { createCapabilityRun, gateFromContext } from "capkit/runtime";

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
    toolForCapabilityName("list_workflows", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, examples: deps.examples })),
    toolForCapabilityName("get_workflow"),
    toolForCapabilityName("list_models", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, providers })),
    toolForCapabilityName("find_model", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, providers })),
  ];
  if (deps.registry) {
    const registry = deps.registry;
    tools.push(toolForCapabilityName("create_workflow", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, nodeRegistry: registry })), toolForCapabilityName("run_workflow", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, nodeRegistry: registry })));
  }
  if (deps.collection) tools.push(toolForCapabilityName("vector_index", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, vectorCollection: deps.collection })));
  if (deps.subAgent) tools.push(toolForCapabilityName("run_subtask", (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry: capabilityRegistry, options: deps.subAgent })));
  return tools;
}
