/**
 * A stand-in for @langchain/core/tools as it is: no `process`. `invoke` checks the input against
 * `schema` (zod, or a JSON schema's required keys) and runs `_call`; `Tool` takes one string,
 * wrapped as `{ input }` before the check.
 */
import { z } from "zod";

export abstract class StructuredTool {
  abstract name: string;
  abstract description: string;
  abstract schema: unknown;
  protected abstract _call(arg: unknown, runManager?: unknown): Promise<string>;
  async invoke(input: unknown): Promise<string> {
    const schema = this.schema;
    if (schema instanceof z.ZodType) return this._call(schema.parse(input));
    const required = (schema as { required?: string[] } | undefined)?.required;
    if (!required) throw new Error(`${this.name}: no schema to check the input against`);
    for (const key of required)
      if (typeof input !== "object" || input === null || !(key in input)) throw new Error(`${this.name}: missing ${key}`);
    return this._call(input);
  }
}

export abstract class Tool extends StructuredTool {
  schema: unknown = z.object({ input: z.string().optional() }).transform((o) => o.input);
  override async invoke(input: unknown): Promise<string> {
    return super.invoke(typeof input === "string" ? { input } : input);
  }
  protected abstract override _call(arg: string | undefined, runManager?: unknown): Promise<string>;
}
