import { Tool } from "./base-tool.js";

export class SubmitGraphTool extends Tool {
  readonly name = "submit_graph";
  readonly description = "Submit the graph";
  graph: unknown = null;
  async process(_c: unknown, params: Record<string, unknown>): Promise<unknown> {
    this.graph = params;
    return "accepted";
  }
}

export class DraftOutlineTool extends Tool {
  readonly name = "draft_outline";
  readonly description = "Draft an outline";
  lastOutline: string | null = null;
  async process(_c: unknown, params: Record<string, unknown>): Promise<unknown> {
    this.lastOutline = String(params["text"]);
    return "ok";
  }
}

export class ControlTool extends Tool {
  readonly name: string;
  readonly description = "Control an edge";
  constructor(edge: string) {
    super();
    this.name = `control_${edge}`;
  }
  async process(): Promise<unknown> {
    return null;
  }
}

export class DynamicNameTool extends Tool {
  readonly name: string;
  readonly description = "Name from the host";
  constructor(toolName: string) {
    super();
    this.name = toolName;
  }
  async process(): Promise<unknown> {
    return null;
  }
}
