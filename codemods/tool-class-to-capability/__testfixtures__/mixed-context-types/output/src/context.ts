export interface ProcessingContext {
  readonly userId: string;
}

/** What workflow tools are handed: a different context from the chat tools'. */
export interface WorkflowContext {
  readonly workflowId: string;
  readonly steps: readonly string[];
}
