/**
 * A base whose subclasses implement execute: with the input first, `execute(params, options?)`,
 * or with the host's context first, `execute(context, params)`. process is the bridge the
 * host's loop calls.
 */
export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  abstract execute(first: any, second?: any): Promise<unknown>;
  async process(context: unknown, params: Record<string, unknown>): Promise<unknown> {
    return this.execute.length >= 2 ? this.execute(context, params) : this.execute(params);
  }
}
