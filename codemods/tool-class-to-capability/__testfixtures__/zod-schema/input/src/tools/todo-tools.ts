import { z } from "zod";
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

const TodoInput = z.object({
  todos: z.array(z.object({ content: z.string(), status: z.enum(["pending", "in_progress", "done"]) })),
});

export class TodoWriteTool extends Tool {
  readonly name = "todo_write";
  readonly description = "Replace the todo list.";
  readonly needsToolCallId = true;

  get schema() {
    return TodoInput;
  }

  async process(_context: ProcessingContext, params: z.infer<typeof TodoInput>) {
    return { count: params.todos.length };
  }

  userMessage(params: z.infer<typeof TodoInput>): string {
    const message = Tool.extractMessage(params);
    if (message) return message;
    return `Writing ${params.todos.length} todos`;
  }
}

export class AskTool extends Tool {
  readonly name = "ask";
  readonly description = "Ask the user.";

  get schema() {
    return z.object({ question: z.string() });
  }

  async process(_context: ProcessingContext, params: Record<string, unknown>) {
    return { asked: params["question"] };
  }

  userMessage(params: Record<string, unknown>): string {
    return String(params["question"]) || super.userMessage(params);
  }
}
