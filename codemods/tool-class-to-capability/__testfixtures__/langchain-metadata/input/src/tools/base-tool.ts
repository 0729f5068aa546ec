/**
 * A stand-in for @langchain/core/tools with the Serializable metadata a LangChain tool overrides:
 * `lc_name()`, `lc_namespace`, `lc_serializable`, `lc_aliases`, `lc_secrets`, and the
 * `toJSONNotImplemented()` a tool's `toJSON()` returns. `process` is the bridge the host's loop
 * calls, and the method capkit's Tool adapters type against.
 */
export abstract class Tool {
  static lc_name(): string {
    return "Tool";
  }
  lc_serializable = false;
  get lc_namespace(): string[] {
    return ["langchain", "tools"];
  }
  get lc_aliases(): { [key: string]: string } | undefined {
    return undefined;
  }
  get lc_secrets(): { [key: string]: string } | undefined {
    return undefined;
  }
  constructor(_fields?: { verbose?: boolean }) {}
  abstract name: string;
  abstract description: string;
  protected abstract _call(input: string, runManager?: unknown): Promise<string>;
  protected toJSONNotImplemented(): unknown {
    return { lc: 1, type: "not_implemented", id: [...this.lc_namespace, this.name] };
  }
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return this._call(String(params["input"] ?? ""));
  }
}
