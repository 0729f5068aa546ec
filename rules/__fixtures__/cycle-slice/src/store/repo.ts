import { db } from "./db.js";
import { remember, recall } from "./cache.js";

export const repo = {
  async get(key: string): Promise<unknown> {
    return recall(key) ?? remember(key, await db.get(key));
  },
};
