/**
 * A stand-in for @langchain/core/tools: `Tool` takes one string through `_call(input)`. `process`
 * is the bridge the host's loop calls, and the method capkit's Tool adapters type against.
 */
export abstract class Tool {
  abstract name: string;
  abstract description: string;
  protected abstract _call(input: string, runManager?: unknown): Promise<string>;
  async process(_context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return this._call(String(params["input"] ?? ""));
  }
}
