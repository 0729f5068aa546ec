import { Tool, type ProcessingContext } from "./base-tool.js";

export const TOOL_PERMISSION_CATEGORIES: Record<string, "read" | "write" | "execute" | "external"> = {
  list_workflows: "read",
  list_provider_models: "read",
  quirky: "write",
};

export class GatedTool extends Tool {
  readonly name: string;
  readonly description: string;
  constructor(private readonly inner: Tool) {
    super();
    this.name = inner.name;
    this.description = inner.description;
  }
  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    return this.inner.process(context, params);
  }
}

export function gateTools(tools: Tool[]): Tool[] {
  return tools.map((t) => new GatedTool(t));
}
