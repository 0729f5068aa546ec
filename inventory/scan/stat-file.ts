/**
 * The stat cache's file (`.capkit/cache/inventory/stat.bin`, written by stat-cache.ts), laid out
 * so that loading it costs one read and no per-file parsing:
 *
 *   MAGIC, the SHA-1 of everything after it (SUM_BYTES), a uint32 (LE) header length, the header (JSON: key, searched names, file and folder
 *   counts, section lengths, the listing's key), the paths (UTF-8, joined by NUL: no path holds
 *   one), the rich entries (JSON, parsed only when needed: the few files holding a searched
 *   name), the memo (JSON text of the last result, see warm-result.ts), the folders the walk
 *   listed (UTF-8, joined by NUL), zero padding to 8 bytes, NUMS_PER_FILE float64 per file, then
 *   NUMS_PER_FOLDER float64 per folder (see warm-listing.ts).
 *
 * A file that is truncated, padded, of another version or another byte order, not this format
 * at all, or whose bytes do not hash to its sum, reads as no cache: the scan then reads every
 * file, as on a first run. The sum is there because the layout alone cannot tell a byte changed
 * inside a section (a name in a rich entry, a count in the memo): such a file would otherwise
 * answer as the truth.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { endianness } from "node:os";

const MAGIC = Buffer.from("capkit-stat/6\n", "latin1");
const SUM_BYTES = 20;
const sumOf = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest();
const LITTLE = endianness() === "LE";

/** Per file: mtimeMs, ctimeMs, size, ino, and the index of its rich entry (-1: none). */
export const NUMS_PER_FILE = 5;
/** Per folder: mtimeMs, ctimeMs, size, ino. */
export const NUMS_PER_FOLDER = 4;

/**
 * The folders a walk listed for the scope `key` and their stats when it listed them: while
 * none of them moved, the walk would list the files recorded (warm-listing.ts).
 */
export interface FolderListing {
  readonly key: string;
  readonly folders: readonly string[];
  /** NUMS_PER_FOLDER values per folder. */
  readonly nums: Float64Array;
}

/** Do two listings say the same? */
export function sameListing(a: FolderListing | null, b: FolderListing | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.key === b.key &&
    a.folders.length === b.folders.length &&
    a.folders.every((f, i) => f === b.folders[i]) &&
    a.nums.every((n, i) => n === b.nums[i])
  );
}

export interface StatFile {
  readonly key: string;
  readonly searched: readonly string[];
  readonly count: number;
  /** The files recorded, in the scan's order, joined by NUL. */
  readonly paths: string;
  readonly nums: Float64Array;
  /** JSON text of the rich entries ("[]" when there are none); decoded when first asked for (a warm run answered by the memo never is). */
  readonly rich: () => string;
  /** The memo's key and JSON text (null: none). */
  readonly memo: { readonly key: string; readonly text: string } | null;
  /** The listing the paths came from (null: none kept). */
  readonly listing: FolderListing | null;
}

interface Header {
  key: string;
  searched: string[];
  count: number;
  le: boolean;
  paths: number;
  rich: number;
  memo: number;
  memoKey: string | null;
  folders: number;
  folderCount: number;
  listKey: string | null;
}

const isHeader = (h: unknown): h is Header => {
  const x = h as Partial<Header> | null;
  return (
    typeof x === "object" &&
    x !== null &&
    typeof x.key === "string" &&
    Array.isArray(x.searched) &&
    x.searched.every((s) => typeof s === "string") &&
    [x.count, x.paths, x.rich, x.memo, x.folders, x.folderCount].every(
      (n) => Number.isSafeInteger(n) && (n as number) >= 0,
    ) &&
    typeof x.le === "boolean" &&
    (x.memoKey === null || typeof x.memoKey === "string") &&
    (x.listKey === null || typeof x.listKey === "string")
  );
};

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** The file's content, or null when it is missing or anything about it is off. */
export function readStatFile(path: string): StatFile | null {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return null;
  }
  const start = MAGIC.length + SUM_BYTES + 4;
  if (buf.length < start || !buf.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const sum = buf.subarray(MAGIC.length, MAGIC.length + SUM_BYTES);
  if (!sumOf(buf.subarray(MAGIC.length + SUM_BYTES)).equals(sum)) return null;
  const headerEnd = start + buf.readUInt32LE(MAGIC.length + SUM_BYTES);
  if (headerEnd > buf.length) return null;
  let header: unknown;
  try {
    header = JSON.parse(buf.toString("utf8", start, headerEnd));
  } catch {
    return null;
  }
  if (!isHeader(header) || header.le !== LITTLE) return null;
  const pathsEnd = headerEnd + header.paths;
  const richEnd = pathsEnd + header.rich;
  const memoEnd = richEnd + header.memo;
  const foldersEnd = memoEnd + header.folders;
  const numsAt = foldersEnd + pad8(foldersEnd);
  const folderNumsAt = numsAt + header.count * NUMS_PER_FILE * 8;
  if (folderNumsAt + header.folderCount * NUMS_PER_FOLDER * 8 !== buf.length) return null;
  // A Float64Array needs an aligned offset; readFileSync's buffer usually starts its own memory.
  const aligned = (buf.byteOffset + numsAt) % 8 === 0 ? buf : Buffer.from(buf);
  const nums = new Float64Array(aligned.buffer, aligned.byteOffset + numsAt, header.count * NUMS_PER_FILE);
  const folders = header.folderCount === 0 ? [] : buf.toString("utf8", memoEnd, foldersEnd).split("\0");
  const listing =
    header.listKey === null || folders.length !== header.folderCount
      ? null
      : {
          key: header.listKey,
          folders,
          nums: new Float64Array(
            aligned.buffer,
            aligned.byteOffset + folderNumsAt,
            header.folderCount * NUMS_PER_FOLDER,
          ),
        };
  return {
    key: header.key,
    searched: header.searched,
    count: header.count,
    paths: buf.toString("utf8", headerEnd, pathsEnd),
    nums,
    rich: () => (header.rich === 0 ? "[]" : buf.toString("utf8", pathsEnd, richEnd)),
    memo: header.memoKey === null ? null : { key: header.memoKey, text: buf.toString("utf8", richEnd, memoEnd) },
    listing,
  };
}

/** The bytes of a stat file (see the layout above); `nums` holds NUMS_PER_FILE values per path. */
export function encodeStatFile(
  file: Omit<StatFile, "count" | "paths" | "rich"> & { readonly paths: readonly string[]; readonly rich: string },
): Buffer {
  const paths = Buffer.from(file.paths.join("\0"), "utf8");
  const rich = Buffer.from(file.rich === "[]" ? "" : file.rich, "utf8");
  const memo = Buffer.from(file.memo?.text ?? "", "utf8");
  const listing = file.listing;
  const folders = Buffer.from(listing?.folders.join("\0") ?? "", "utf8");
  const folderCount = listing?.folders.length ?? 0;
  const header: Header = {
    key: file.key,
    searched: [...file.searched],
    count: file.paths.length,
    le: LITTLE,
    paths: paths.length,
    rich: rich.length,
    memo: memo.length,
    memoKey: file.memo?.key ?? null,
    folders: folders.length,
    folderCount,
    listKey: listing?.key ?? null,
  };
  const head = Buffer.from(JSON.stringify(header), "utf8");
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  const before = MAGIC.length + SUM_BYTES + 4 + head.length + paths.length + rich.length + memo.length + folders.length;
  const nums = Buffer.from(file.nums.buffer, file.nums.byteOffset, file.paths.length * NUMS_PER_FILE * 8);
  const folderNums = listing
    ? Buffer.from(listing.nums.buffer, listing.nums.byteOffset, folderCount * NUMS_PER_FOLDER * 8)
    : Buffer.alloc(0);
  const body = Buffer.concat([size, head, paths, rich, memo, folders, Buffer.alloc(pad8(before)), nums, folderNums]);
  return Buffer.concat([MAGIC, sumOf(body), body]);
}
