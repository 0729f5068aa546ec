import { Tool } from "./base-tool.js";

export class SlowEchoTool extends Tool {
  readonly name = "slow_echo";
  readonly description = "Echo the text once the caller stops waiting.";

  async execute(params: Record<string, unknown>, options?: { signal?: AbortSignal }) {
    return { text: params["text"], aborted: options?.signal?.aborted ?? false };
  }
}

export class CharCountTool extends Tool {
  readonly name = "char_count";
  readonly description = "Count the characters in a text.";

  execute = async (params: Record<string, unknown>) => ({ chars: String(params["text"] ?? "").length });
}
