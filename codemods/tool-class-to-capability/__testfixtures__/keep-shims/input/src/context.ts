export interface ProcessingContext {
  readonly userId: string;
}
export interface NodeRegistry {
  search(query: string, limit: number): { type: string }[];
}
export interface ExampleCatalog {
  list(): Promise<{ id: string }[]>;
}
