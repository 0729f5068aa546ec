/**
 * A stand-in for @langchain/core/tools: `Tool` takes one string (`_call(input, runManager?)`),
 * `StructuredTool` a zod `schema` and its parsed object. `process` is the bridge the host's loop
 * calls, and the method capkit's Tool adapters type against.
 */
import type { z } from "zod";

export abstract class Tool {
  abstract name: string;
  abstract description: string;
  protected abstract _call(input: string, runManager?: unknown): Promise<string>;
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return this._call(String(params["input"] ?? ""));
  }
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
