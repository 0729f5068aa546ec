export interface LongTermMemory {
  recall(query: string): Promise<string[]>;
}
