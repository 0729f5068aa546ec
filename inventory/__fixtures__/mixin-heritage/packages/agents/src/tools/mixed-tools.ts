import { Tool } from "./base-tool.js";
import * as core from "./base-tool.js";
import { HttpTool } from "./http-tool.js";
import * as mixins from "./mixins.js";
import { Observable, WithOptions, WithRetry } from "./mixins.js";

class Emitter {}

export class FetchTool extends WithRetry(Tool) {
  readonly name = "fetch";
  readonly description = "fetch tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class AuditTool extends mixins.Logging(core.Tool) {
  readonly name = "audit";
  readonly description = "audit tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class RobustTool extends WithRetry(mixins.Logging(Tool)) {
  readonly name = "robust";
  readonly description = "robust tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class TunedTool extends WithOptions(Tool, { retries: 2 }) {
  readonly name = "tuned";
  readonly description = "tuned tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class RetryingGetTool extends WithRetry(HttpTool) {
  readonly name = "retrying_get";
  readonly description = "retrying_get tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}

export class CachedFetchTool extends FetchTool {
  readonly name = "cached_fetch";
}

/** Not tools: a mixin over another class, a generic constraint, an `implements`. */
export class ObservedEmitter extends Observable(Emitter) {}

export class ToolBox<T extends Tool<Record<string, unknown>>> {
  readonly items: T[] = [];
}

export class ToolShape implements Tool {
  readonly name = "shape";
  readonly description = "shape";
  async process(): Promise<unknown> {
    return null;
  }
}
