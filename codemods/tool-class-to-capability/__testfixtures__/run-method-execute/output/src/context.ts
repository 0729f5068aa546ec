export interface ToolContext {
  readonly userId: string;
}
