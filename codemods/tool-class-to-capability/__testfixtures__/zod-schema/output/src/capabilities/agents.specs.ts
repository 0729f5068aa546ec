/**
 * Capability specs of the "agents" module: wire names, descriptions, input schemas, categories
 * and message templates — data only. Imports types, zod and pure constants, never an
 * implementation, so the registry can read every spec without loading a module.
 * Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilitySpec } from "capkit/runtime";
import { z } from "zod";

export const TodoInput = z.object({
  todos: z.array(z.object({ content: z.string(), status: z.enum(["pending", "in_progress", "done"]) })),
});

/** A zod schema as JSON schema without "$schema" — what Tool.inputSchema derived from `get schema()`. */
function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export const todoWriteSpec: CapabilitySpec = {
  name: "todo_write",
  description: "Replace the todo list.",
  inputSchema: toInputSchema(TodoInput),
  zodSchema: TodoInput,
  category: "write",
  needsToolCallId: true,
  userMessage: (rawArgs) => {
    const params = rawArgs as unknown as z.infer<typeof TodoInput>;
    return `Writing ${params.todos.length} todos`;
  },
};

const askSchema = z.object({ question: z.string() });

export const askSpec: CapabilitySpec = {
  name: "ask",
  description: "Ask the user.",
  inputSchema: toInputSchema(askSchema),
  zodSchema: askSchema,
  category: "external",
  userMessage: (params) => String(params["question"]) || "Running ask",
};

export const agentsSpecs: readonly CapabilitySpec[] = [
  todoWriteSpec,
  askSpec,
];
