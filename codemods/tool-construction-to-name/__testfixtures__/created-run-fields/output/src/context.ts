export interface ProcessingContext {
  readonly userId: string;
  readFile(path: string): Promise<string>;
  fetch(url: string, init: { signal: AbortSignal }): Promise<{ text(): Promise<string> }>;
}
