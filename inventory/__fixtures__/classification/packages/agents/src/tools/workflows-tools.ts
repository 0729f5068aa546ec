import { Tool } from "./base-tool.js";

export interface NodeRegistry { list(): string[] }

export class ListWorkflowsTool extends Tool {
  readonly name = "list_workflows";
  readonly description = "List workflows";
  constructor(private readonly registry: NodeRegistry) {
    super();
  }
  async process(): Promise<unknown> {
    return this.registry.list();
  }
}

export class RunWorkflowTool extends Tool {
  readonly name = "run_workflow";
  readonly description = "Run a workflow";
  async process(): Promise<unknown> {
    return { started: true };
  }
}

export class LonelyTool extends Tool {
  readonly name = "lonely";
  readonly description = "never constructed";
  async process(): Promise<unknown> {
    return null;
  }
}

export class OddTool extends Tool {
  readonly name = "odd";
  readonly description = "classified by config";
  async process(): Promise<unknown> {
    return null;
  }
}
