/**
 * A content-addressed cache of FileFacts under `<root>/.capkit/cache/inventory-facts.json`
 * (git-ignored): key = sha1(path + text), so an unchanged file is never parsed twice. Only
 * the entries used by the last scan are kept. A corrupt or outdated cache (another facts
 * version, or other extractor code: extract/code-hash.ts) is ignored.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { cacheDir } from "../../lib/results-store.js";
import { extractorCodeHash } from "../extract/code-hash.js";
import { FACTS_VERSION, type FileFacts } from "../extract/facts.js";

const CACHE_VERSION = `2:${FACTS_VERSION}:${extractorCodeHash()}`;

export interface FactsCache {
  /** `content` is the file's text or its raw UTF-8 bytes (same key either way). */
  get(file: string, content: string | Buffer): FileFacts | undefined;
  set(file: string, content: string | Buffer, facts: FileFacts): void;
  /** Writes the entries used in this scan; returns hit/miss counts. */
  save(): { hits: number; misses: number };
  /** Entries loaded from disk (0: a cold run, where every selected file will be parsed). */
  readonly loaded: number;
}

const keyOf = (file: string, content: string | Buffer) =>
  createHash("sha1").update(file).update("\0").update(content).digest("hex");

export function openFactsCache(root: string): FactsCache {
  const path = join(cacheDir(root, "inventory"), "facts.json");
  let stored: Record<string, FileFacts> = {};
  try {
    if (existsSync(path)) {
      const doc = JSON.parse(readFileSync(path, "utf8")) as { version?: string; entries?: Record<string, FileFacts> };
      if (doc.version === CACHE_VERSION && doc.entries) stored = doc.entries;
    }
  } catch {
    stored = {};
  }
  const used: Record<string, FileFacts> = {};
  let hits = 0;
  let misses = 0;
  return {
    loaded: Object.keys(stored).length,
    get(file, text) {
      const key = keyOf(file, text);
      const hit = stored[key];
      if (hit) {
        hits++;
        used[key] = hit;
      } else misses++;
      return hit;
    },
    set(file, text, facts) {
      used[keyOf(file, text)] = facts;
    },
    save() {
      // Unchanged tree (every lookup hit, nothing dropped): leave the file as it is.
      if (misses > 0 || Object.keys(used).length !== Object.keys(stored).length) {
        writeFileAtomic(path, JSON.stringify({ version: CACHE_VERSION, entries: used }), { durable: false });
      }
      return { hits, misses };
    },
  };
}
