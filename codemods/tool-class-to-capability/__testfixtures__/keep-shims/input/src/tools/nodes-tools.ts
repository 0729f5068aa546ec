import type { ExampleCatalog, NodeRegistry, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export class ListNodesTool extends Tool {
  readonly name = "list_nodes";
  readonly description = "List node types.";
  readonly jsonSchema = { type: "object", properties: {} };

  constructor(private readonly registry: NodeRegistry) {
    super();
  }

  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    return { types: this.registry.search("", 100).map((n) => n.type) };
  }
}

export class ListExamplesTool extends Tool {
  readonly name = "list_examples";
  readonly description = "List example workflows.";
  readonly jsonSchema = { type: "object", properties: {} };

  constructor(private readonly catalog: ExampleCatalog) {
    super();
  }

  async process(_context: ProcessingContext, _params: Record<string, unknown>) {
    return { ids: (await this.catalog.list()).map((e) => e.id) };
  }
}
