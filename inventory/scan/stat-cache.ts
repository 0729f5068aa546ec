/**
 * The scan's answers per file (the searched names it holds, byte gate, text hints) kept between
 * runs, keyed by what `stat` says of the file (mtime, ctime, size, inode), in
 * `<root>/.capkit/cache/inventory/stat.bin` (layout: stat-file.ts). An unchanged tree is then
 * scanned with one stat a file instead of a read, a gate and a decode: only the files a later
 * step parses are read. Entries are stored in the scan's file order, so a tree whose file list
 * is the one recorded is matched by position (one string comparison, no lookup per file).
 *
 * Racy files (git's "racily clean" problem): a file written in the same clock tick as our read
 * can change without its mtime moving. An entry is therefore recorded only when the file's mtime
 * is at least RACY_MS older than the scan's start; younger ones are read again next time (and
 * then recorded as settled). The ctime is in the key too: a tool that writes a file and then
 * sets its mtime back (`cp -p`, `rsync -t`, `touch -r`) still moves the ctime. The key also covers
 * what the answers depend on: the base and belt-builder names, the facts version and capkit's
 * code.
 */
import { join } from "node:path";
import { textHash } from "../../lib/text-hash.js";
import { cacheDir } from "../../lib/results-store.js";
import { inventoryCodeStamp } from "./code-stamp.js";
import { FACTS_VERSION } from "../extract/facts.js";
import { ScanStatCache, type StatCache } from "./scan-stat-cache.js";
import { readStatFile, type FolderListing, type StatFile } from "./stat-file.js";

export { RACY_MS, type FileStat, type StatCache } from "./scan-stat-cache.js";
export type { CachedFile } from "./stat-answers.js";

const STAT_CACHE_VERSION = 6;

/**
 * What the answers depend on besides the file itself: the base and belt names, the facts
 * version and capkit's code (the stat stamp of inventory/ and lib/, the gate's and the hints'
 * code among them: code-stamp.ts; a test passes its own `code`).
 */
export function statCacheKey(
  baseNames: readonly string[],
  beltNames: readonly string[],
  code: string = inventoryCodeStamp(),
): string {
  return textHash(
    JSON.stringify([STAT_CACHE_VERSION, FACTS_VERSION, code, [...baseNames].sort(), [...beltNames].sort()]),
  );
}

/** Can the cache say which of `names` a file holds? (Only for names the scan that wrote it searched.) */
export function answersFor(cache: StatCache | undefined, names: readonly string[]): StatCache | undefined {
  return cache !== undefined && names.every((n) => cache.searched.has(n)) ? cache : undefined;
}

const statFilePath = (root: string) => join(cacheDir(root, "inventory"), "stat.bin");

/** The stat cache's file as stored under `root` when it is for `key`, else null. */
export function readStatCache(root: string, key: string): StatFile | null {
  const read = readStatFile(statFilePath(root));
  return read !== null && read.key === key ? read : null;
}

export interface OpenOptions {
  /** The file as readStatCache returned it (not read again). */
  readonly stored?: StatFile | null;
  /** The listing the scan's files came from (warm-listing.ts), kept with the entries; absent: none. */
  readonly listing?: FolderListing | null;
}

/**
 * `files`: the scan's files, in its order (entries are matched to them); `scanStart`: when this scan
 * began reading (ms since the epoch): files modified since then or shortly before are not recorded.
 */
export function openStatCache(
  root: string,
  key: string,
  files: readonly string[],
  scanStart: number = Date.now(),
  options: OpenOptions = {},
): StatCache {
  const stored = options.stored === undefined ? readStatCache(root, key) : options.stored;
  return new ScanStatCache(root, statFilePath(root), key, files, scanStart, stored, options.listing ?? null);
}
