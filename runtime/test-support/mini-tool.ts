/**
 * A minimal host Tool base class with the fixture's contract (name, description, jsonSchema or
 * `get schema()`, process, userMessage with `_message`, static extractMessage, needsToolCallId,
 * execute = validate then process). The runtime must work with any class of this shape.
 */
import type { ZodLike } from "../index.js";

export abstract class MiniTool {
  abstract readonly name: string;
  abstract readonly description: string;
  jsonSchema?: Record<string, unknown>;
  readonly needsToolCallId: boolean = false;
  get schema(): ZodLike | undefined {
    return undefined;
  }
  get inputSchema(): Record<string, unknown> {
    return this.jsonSchema ?? { type: "object", properties: {} };
  }
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
  userMessage(params: Record<string, unknown>): string {
    return MiniTool.extractMessage(params) ?? `Running ${this.name}`;
  }
  static extractMessage(params: Record<string, unknown>): string | undefined {
    const m = params["_message"];
    return typeof m === "string" && m.trim() !== "" ? m : undefined;
  }
  async execute(context: unknown, params: Record<string, unknown>): Promise<unknown> {
    const { _message, ...args } = params;
    const schema = this.schema;
    if (schema) {
      const parsed = schema.safeParse(args);
      if (!parsed.success) return { error: "invalid_tool_arguments", tool: this.name };
      return this.process(context, parsed.data as Record<string, unknown>);
    }
    const required = (this.inputSchema["required"] as string[] | undefined) ?? [];
    if (required.some((k) => args[k] === undefined)) return { error: "invalid_tool_arguments", tool: this.name };
    return this.process(context, args);
  }
}

/** A zod-like schema that counts how often it validated. */
export function countingSchema(required: string): ZodLike & { calls: number } {
  const s = {
    calls: 0,
    safeParse(v: unknown) {
      s.calls++;
      const ok = typeof v === "object" && v !== null && typeof (v as Record<string, unknown>)[required] === "string";
      return ok
        ? { success: true as const, data: v }
        : { success: false as const, error: { issues: [{ path: [required], message: "Required" }] } };
    },
  };
  return s;
}
