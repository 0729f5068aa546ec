import type { ToolContext } from "../context.js";
import { Tool } from "./base-tool.js";

/** Counts the words of a text. */
export class WordCountTool extends Tool {
  readonly name = "word_count";
  readonly description = "Count the words in a text.";
  readonly jsonSchema = {
    type: "object",
    properties: { text: { type: "string" } },
    required: ["text"],
  };

  async execute(params: { text: string }, _options?: { signal?: AbortSignal }) {
    return { words: params.text.split(/\s+/).filter(Boolean).length };
  }
}

export class SlowEchoTool extends Tool {
  readonly name = "slow_echo";
  readonly description = "Echo the text once the caller stops waiting.";

  async execute(params: Record<string, unknown>, options?: { signal?: AbortSignal }) {
    return { text: params["text"], aborted: options?.signal?.aborted ?? false };
  }
}

export class WhoAmITool extends Tool {
  readonly name = "who_am_i";
  readonly description = "Say which user is asking.";

  async execute(context: ToolContext, params: Record<string, unknown>) {
    return { user: context.userId, note: params["note"] ?? null };
  }
}

export class CharCountTool extends Tool {
  readonly name = "char_count";
  readonly description = "Count the characters in a text.";

  execute = async (params: Record<string, unknown>) => ({ chars: String(params["text"] ?? "").length });
}
