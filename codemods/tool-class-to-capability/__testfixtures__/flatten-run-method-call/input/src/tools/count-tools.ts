/**
 * A shared abstract parent whose run method is LangChain's `_call` (as langchainjs's
 * FileManagementBaseTool and GmailBaseTool are parents of their tools), with LangChain metadata
 * and a `this._call(...)` self-call: flattened into each subclass.
 */
import { Tool } from "./base-tool.js";

abstract class CountingBaseTool extends Tool {
  static lc_name() {
    return "CountingBaseTool";
  }

  get lc_namespace() {
    return ["demo", "tools", "counting"];
  }

  /** Counts each `|`-separated part on its own. */
  protected async _call(input: string): Promise<string> {
    if (input.includes("|")) {
      const parts = await Promise.all(input.split("|").map((part) => this._call(part)));
      return parts.join(",");
    }
    return String(this.count(input));
  }

  protected abstract count(input: string): number;
}

export class WordCountTool extends CountingBaseTool {
  name = "word_count";
  description = "Counts the words of the input.";

  protected count(input: string): number {
    return input.split(/\s+/).filter(Boolean).length;
  }
}

export class CharCountTool extends CountingBaseTool {
  name = "char_count";
  description = "Counts the characters of the input.";

  protected count(input: string): number {
    return input.length;
  }
}
