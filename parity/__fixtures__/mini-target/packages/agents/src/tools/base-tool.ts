/** The mini target's Tool base: identity, a JSON input schema, `execute` validating then `process`. */
import type { NotesContext } from "../context.js";

export type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  jsonSchema?: JsonSchema;
  readonly needsToolCallId: boolean = false;

  get inputSchema(): JsonSchema {
    return this.jsonSchema ?? { type: "object", properties: {} };
  }

  abstract process(context: NotesContext, params: Record<string, unknown>): Promise<unknown>;

  userMessage(params: Record<string, unknown>): string {
    return typeof params["_message"] === "string" ? params["_message"] : `Running ${this.name}`;
  }

  async execute(context: NotesContext, params: Record<string, unknown>): Promise<unknown> {
    const { _message, ...args } = params;
    const missing = (this.inputSchema.required ?? []).filter((key) => args[key] === undefined);
    if (missing.length > 0) {
      return { error: "invalid_tool_arguments", tool: this.name, message: `missing ${missing.join(", ")}` };
    }
    return this.process(context, args);
  }
}
