export interface SerpProvider {
  search(query: string, limit: number): Promise<{ title: string; url: string }[]>;
}
