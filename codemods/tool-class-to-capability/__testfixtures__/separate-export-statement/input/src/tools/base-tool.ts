export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
}
