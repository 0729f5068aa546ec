/**
 * The warm listing: the scan's file list without walking the tree, when the tree's folders did
 * not move. A walk's list is a function of the scope and of the names and types of the entries
 * of the folders it listed, provided no symlink, unlistable folder or file named by an include
 * took part (lib/tree-walk.ts: the trace is then opaque). Adding, removing or renaming an entry
 * marks its folder's mtime and ctime for update (POSIX), so while every folder the last walk
 * listed stats as it did then, the files are the ones that walk found: a stat a folder instead
 * of a listing and the scope's rules on every entry. The listing is kept in the stat cache's
 * file (stat-file.ts) with the file list it produced.
 *
 * As for files (stat-cache.ts), a folder modified less than RACY_MS before the walk began is not
 * trusted: a change in the same clock tick as the walk's read would not move its mtime. Such a
 * walk keeps no listing, and the next run walks again.
 */
import { statSync } from "node:fs";
import { sep } from "node:path";
import { textHash } from "../../lib/text-hash.js";
import type { WalkTrace } from "../../lib/tree-walk.js";
import type { ScanScope } from "./discover.js";
import { RACY_MS, type FileStat } from "./stat-cache.js";
import { NUMS_PER_FOLDER, type FolderListing, type StatFile } from "./stat-file.js";

const LISTING_VERSION = 1;

/** What a listing depends on besides the folders: the scope. */
export function listingKey(scope: ScanScope): string {
  return textHash(JSON.stringify([LISTING_VERSION, scope.include, scope.exclude]));
}

type Stat = (path: string) => FileStat | undefined;

function statOrUndefined(path: string): FileStat | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

const folderPath = (root: string, folder: string) => (folder ? `${root}${sep}${folder}` : root);

/**
 * The files the stored walk found, when its listing is for `key` and every folder it listed stats
 * as it did then (one stat a folder); else undefined, and the scan walks.
 */
export function unchangedListing(
  root: string,
  stored: StatFile | null,
  key: string,
  stat: Stat = statOrUndefined,
): string[] | undefined {
  const listing = stored?.listing;
  if (!stored || !listing || listing.key !== key) return undefined;
  const nums = listing.nums;
  for (let i = 0; i < listing.folders.length; i++) {
    const st = stat(folderPath(root, listing.folders[i] ?? ""));
    const at = i * NUMS_PER_FOLDER;
    if (
      st === undefined ||
      nums[at] !== st.mtimeMs ||
      nums[at + 1] !== st.ctimeMs ||
      nums[at + 2] !== st.size ||
      nums[at + 3] !== st.ino
    )
      return undefined;
  }
  return stored.count === 0 ? [] : stored.paths.split("\0");
}

/**
 * The listing a walk leaves for the next run (its folders stat-ed now), or null when it must
 * not be trusted: an opaque trace, a folder that no longer stats, or one modified less than
 * RACY_MS before `walkStart` (ms since the epoch, taken before the walk) or since.
 */
export function listingOf(
  root: string,
  key: string,
  trace: WalkTrace,
  walkStart: number,
  stat: Stat = statOrUndefined,
): FolderListing | null {
  if (trace.opaque) return null;
  const nums = new Float64Array(trace.folders.length * NUMS_PER_FOLDER);
  for (let i = 0; i < trace.folders.length; i++) {
    const st = stat(folderPath(root, trace.folders[i] ?? ""));
    if (st === undefined || !(st.mtimeMs <= walkStart - RACY_MS) || !(st.ctimeMs <= walkStart - RACY_MS)) return null;
    nums.set([st.mtimeMs, st.ctimeMs, st.size, st.ino], i * NUMS_PER_FOLDER);
  }
  return { key, folders: trace.folders, nums };
}
