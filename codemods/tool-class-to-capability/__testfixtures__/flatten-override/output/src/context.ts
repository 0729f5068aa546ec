export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly body?: string;
}
export interface ProcessingContext {
  readonly userId: string;
  request(req: HttpRequest): Promise<{ status: number; body: string }>;
}
export interface NodeRegistry {
  search(query: string, limit: number): { type: string }[];
}
