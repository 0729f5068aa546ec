/**
 * extractorCodeHash(): a hash of the extractor's code (the modules of inventory/extract/, tests
 * left out). Caches of facts (the scan's facts cache, the history backfill's) carry it in their
 * version, so facts made by other extractor code are never reused, even when a change forgot to
 * bump FACTS_VERSION. Read once per process (~20 small files).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let hash: string | undefined;

export function extractorCodeHash(): string {
  if (hash !== undefined) return hash;
  const dir = dirname(fileURLToPath(import.meta.url));
  const h = createHash("sha1");
  try {
    for (const file of readdirSync(dir).filter((f) => /\.[cm]?[tj]s$/.test(f) && !/\.test\.[cm]?[tj]s$/.test(f)).sort()) {
      h.update(file).update(readFileSync(join(dir, file)));
    }
    hash = h.digest("hex").slice(0, 12);
  } catch {
    // Sources not beside this module (an unusual install): never reuse facts across processes.
    hash = `${process.pid}-${Date.now()}`;
  }
  return hash;
}
