/**
 * Run-method inputs the class move and the inventory judge alike: an input typed through `this`
 * (LangChain's file tools: `z.infer<typeof this.schema>`, retyped by the spec's schema constant;
 * a polymorphic `this` type, which stays) and a third `process` parameter, read or not.
 */
import { z } from "zod";
import { StructuredTool, Tool } from "./base-tool.js";
import { LookupInput } from "../schemas/lookup.shared.js";

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
