export abstract class Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  jsonSchema?: Record<string, unknown>;
  abstract process(context: unknown, params: Record<string, unknown>): Promise<unknown>;
  userMessage(params: Record<string, unknown>): string {
    return Tool.extractMessage(params) ?? `Running ${this.name}`;
  }
  static extractMessage(params: Record<string, unknown>): string | undefined {
    return typeof params["_message"] === "string" ? params["_message"] : undefined;
  }
}
