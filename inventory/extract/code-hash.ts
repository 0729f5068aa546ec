/**
 * Hashes of capkit's own code, for the versions of caches whose entries that code computed:
 *   extractorCodeHash()  the modules of inventory/extract/ (tests left out), by content: the
 *                        scan's facts cache and the history backfill's carry it, so facts made by
 *                        other extractor code are never reused, even when a change forgot to bump
 *                        FACTS_VERSION. By content because CI restores the facts cache onto a
 *                        fresh install, whose files have new stats;
 *   hashSources(name, paths)  any list of source files, by content.
 * (The caches that never leave the machine are keyed by a stat stamp instead: scan/code-stamp.ts.)
 * Each is taken once per process. When the sources are not beside the modules (an unusual
 * install), the hash is unique to the process, so nothing is reused across processes.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { CODE_ROOT } from "../../lib/package-layout.js";
import { typescriptManifest } from "../../lib/typescript.js";

const memo = new Map<string, string>();

/** A short hash of the files `paths()` lists (absolute), memoised under `name`. */
export function hashSources(name: string, paths: () => readonly string[]): string {
  const known = memo.get(name);
  if (known !== undefined) return known;
  let hash: string;
  try {
    const h = createHash("sha1");
    for (const path of paths()) h.update(basename(path)).update(readFileSync(path));
    hash = h.digest("hex").slice(0, 12);
  } catch {
    hash = `${process.pid}-${Date.now()}`;
  }
  memo.set(name, hash);
  return hash;
}

/** What the extractor's facts depend on: its modules, and the TypeScript install that parses for them (its package.json). */
export function extractorSources(): string[] {
  // By the code root, not this module's own folder: the CLI may run from its bundle (dist/cli/).
  const dir = join(CODE_ROOT, "inventory", "extract");
  const manifest = typescriptManifest();
  return [
    ...readdirSync(dir)
      .filter((f) => /\.[cm]?[tj]s$/.test(f) && !/\.test\.[cm]?[tj]s$/.test(f))
      .sort()
      .map((f) => join(dir, f)),
    ...(manifest ? [manifest] : []),
  ];
}

export function extractorCodeHash(): string {
  return hashSources("extractor", extractorSources);
}
