import Base from "./base-tool.js";
import type { ProcessingContext } from "./base-tool.js";

export class GuardedTool extends Base {
  readonly name = "guarded";
  readonly description = "guarded tool";
  constructor(private readonly inner: Base) {
    super();
  }
  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    return this.inner.process(context, params);
  }
}
