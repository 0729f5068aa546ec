/**
 * Two bases: capkit's own `Tool` (`process(context, params, toolCallId?)`, the host passing the
 * call's id third) and a stand-in for LangChain's `StructuredTool` (a zod `schema`, `_call`).
 */
import type { z } from "zod";

export abstract class Tool {
  abstract name: string;
  abstract description: string;
  abstract process(context: unknown, params: Record<string, unknown>, toolCallId?: string): Promise<unknown>;
}

export abstract class StructuredTool {
  abstract name: string;
  abstract description: string;
  abstract schema: z.ZodObject;
  protected abstract _call(arg: unknown, runManager?: unknown): Promise<string>;
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return this._call(this.schema.parse(params));
  }
}
