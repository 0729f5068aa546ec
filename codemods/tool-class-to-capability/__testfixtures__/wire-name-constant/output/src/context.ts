export interface ProcessingContext {
  readonly docs: { search(query: string): string[] };
}
