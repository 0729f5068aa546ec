export interface ProcessingContext {
  readonly userId: string;
  readonly jobs: { list(userId: string): { id: string; status: string }[] };
}
