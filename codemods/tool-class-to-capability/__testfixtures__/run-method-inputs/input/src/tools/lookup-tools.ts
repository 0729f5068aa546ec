/**
 * Run-method inputs the class move and the inventory judge alike: an input typed through `this`
 * (LangChain's file tools: `z.infer<typeof this.schema>`, retyped by the spec's schema constant;
 * a polymorphic `this` type, which stays) and a third `process` parameter, read or not.
 */
import { z } from "zod";
import { StructuredTool, Tool } from "./base-tool.js";

const LookupInput = z.object({ key: z.string() });

/** Typed through `typeof this.schema`, a module constant: the impl names that constant. */
export class LookupKeyTool extends StructuredTool {
  name = "lookup_key";
  description = "Looks a key up.";
  schema = LookupInput;

  async _call({ key }: z.infer<typeof this.schema>): Promise<string> {
    return `value of ${key}`;
  }
}

/** An inline schema: hoisted into the specs file, which exports it for the impl's input type. */
export class CountKeysTool extends StructuredTool {
  name = "count_keys";
  description = "Counts the keys of a prefix.";
  schema = z.object({ prefix: z.string(), limit: z.number().optional() });

  async _call(arg: z.infer<typeof this.schema>): Promise<string> {
    return `${arg.prefix}: ${arg.limit ?? 10}`;
  }
}

/** Typed by the polymorphic `this` type: no constant names it, so a module function cannot. */
export class ThisTypedTool extends StructuredTool {
  name = "this_typed";
  description = "Typed through this.";
  schema = LookupInput;

  async _call({ key }: z.infer<this["schema"]>): Promise<string> {
    return `value of ${String(key)}`;
  }
}

/** Reads the call id the host passes third: a capability call does not pass it. */
export class TracedLookupTool extends Tool {
  readonly name = "traced_lookup";
  readonly description = "Looks a key up, tagging the result with the call id.";
  readonly inputSchema = { type: "object", properties: { key: { type: "string" } } };

  async process(_context: unknown, params: Record<string, unknown>, toolCallId?: string): Promise<unknown> {
    return { key: params["key"], call: toolCallId };
  }
}

/** Declares the third parameter but never reads it: it is dropped. */
export class PlainLookupTool extends Tool {
  readonly name = "plain_lookup";
  readonly description = "Looks a key up.";
  readonly inputSchema = { type: "object", properties: { key: { type: "string" } } };

  async process(_context: unknown, params: Record<string, unknown>, _toolCallId?: string): Promise<unknown> {
    return { key: params["key"] };
  }
}
