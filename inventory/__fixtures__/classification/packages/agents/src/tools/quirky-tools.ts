import { Tool, type ProcessingContext } from "./base-tool.js";

interface Widget { id: string }
declare function track(tool: unknown): void;

export class QuirkyTool extends Tool {
  readonly name = "quirky";
  readonly description = "has every blocker";
  private cache: Map<string, unknown>;
  private last: unknown;
  constructor(private readonly widget: Widget) {
    super();
    this.cache = new Map();
    track(this);
  }
  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    this.last = params;
    return super.userMessage(params) + String(super.process);
  }
}
