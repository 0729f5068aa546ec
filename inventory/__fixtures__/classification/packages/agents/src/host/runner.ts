import { Tool, type ProcessingContext } from "../tools/base-tool.js";
import { gateTools } from "../tools/tool-permissions.js";
import { getAllMcpTools } from "../tools/mcp-tools.js";
import { DynamicNameTool } from "../tools/loop-tools.js";

export interface RendererTransport { send(message: unknown): Promise<unknown> }
export interface ProviderMap { [id: string]: unknown }

export class RunNodeTool extends Tool {
  readonly name = "run_node";
  readonly description = "Run one node";
  constructor(private readonly runSingleNode: (id: string) => Promise<unknown>) {
    super();
  }
  async process(_c: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    return this.runSingleNode(String(params["id"]));
  }
}

export class UiBridgeTool extends Tool {
  readonly name = "ui_open_workflow";
  readonly description = "Open a workflow in the editor";
  constructor(private readonly transport: RendererTransport) {
    super();
  }
  async process(_c: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    return this.transport.send(params);
  }
}

export class ListProviderModelsTool extends Tool {
  readonly name = "list_provider_models";
  readonly description = "List provider models";
  constructor(private readonly providers: ProviderMap) {
    super();
  }
  async process(): Promise<unknown> {
    return Object.keys(this.providers);
  }
}

export function runTurn(transport: RendererTransport, providers: ProviderMap, hostName: string): Tool[] {
  const belt = [
    ...getAllMcpTools({ registry: { list: () => [] } }),
    new RunNodeTool(async (id) => id),
    new UiBridgeTool(transport),
    new ListProviderModelsTool(providers),
  ];
  const extra = new DynamicNameTool(hostName);
  return [...gateTools(belt), extra];
}
