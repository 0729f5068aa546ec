/**
 * Classes declared without `export` and exported by a separate statement (langchainjs's
 * dadjokeapi.ts: `class DadJokeAPI …` then `export { DadJokeAPI };`): the statement loses the
 * names that move, keeps the rest.
 */
import { Tool } from "./base-tool.js";

class EchoTool extends Tool {
  readonly name = "echo";
  readonly description = "Echoes the text.";
  async process(_context: unknown, params: Record<string, unknown>) {
    return { text: params["text"] };
  }
}

class ShoutTool extends Tool {
  readonly name = "shout";
  readonly description = "Shouts the text.";
  async process(_context: unknown, params: Record<string, unknown>) {
    return { text: String(params["text"]).toUpperCase() };
  }
}

/** Keeps a static helper: refused, so it stays exported. */
class WhisperTool extends Tool {
  static quiet(text: string): string {
    return text.toLowerCase();
  }
  readonly name = "whisper";
  readonly description = "Whispers the text.";
  async process(_context: unknown, params: Record<string, unknown>) {
    return { text: WhisperTool.quiet(String(params["text"])) };
  }
}

export { EchoTool, WhisperTool as Whisper, ShoutTool };
