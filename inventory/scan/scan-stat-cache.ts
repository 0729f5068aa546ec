/**
 * The stat cache of one scan (stat-cache.ts opens it): the stored entries it matches files
 * against by position or path, the stats it takes, and the entries it records and writes.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import type { FileGate } from "./byte-gate.js";
import type { TextHints } from "./prefilter.js";
import { answerOf, isEmpty, richEntry, sameList, sameRich, type CachedFile, type RichEntry } from "./stat-answers.js";
import { encodeStatFile, NUMS_PER_FILE, sameListing, type FolderListing, type StatFile } from "./stat-file.js";

/** A file (or a folder: warm-listing.ts) modified less than this before the scan started is not trusted on its stat alone. */
export const RACY_MS = 2000;
/**
 * After this many lookups with under a tenth of them hits (a fresh checkout: every mtime is new),
 * the cache stops asking: a stat that never hits is pure cost before the read.
 */
const GIVE_UP_AFTER = 256;

/** What `stat` says of a file, as far as the key goes (a `Stats` is one). */
export interface FileStat {
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly size: number;
  readonly ino: number;
}

export interface StatCache {
  /** The names every entry answers for (those the scan that wrote it searched). */
  readonly searched: ReadonlySet<string>;
  /**
   * Stats every file of the scan that has an entry, once (`stat` takes the absolute path). A file
   * without one is read and fstat-ed at once instead.
   */
  statFiles(stat?: (path: string) => FileStat | undefined): void;
  /** The cached answers of the scan's file `i` when its stat is the one they were recorded for. */
  hitOf(i: number): CachedFile | undefined;
  /** Did every file of the scan (the same list as recorded) match its entry? */
  readonly unchanged: boolean;
  /** Answers for file `i`: `st` is the stat of its read, absent when the cache answered (statFiles' stat). */
  record(i: number, st: FileStat | undefined, gate?: FileGate, hits?: readonly string[]): void;
  /** Hints computed for a file of this scan (kept with its record). */
  recordHints(file: string, hints: TextHints): void;
  /** The memo stored under `key` (JSON text), if any. */
  memo(key: string): string | undefined;
  /**
   * Writes this scan's entries (and memo) when anything changed; `searched`: the names this scan
   * searched in every file. The listing the files came from and the memo are kept only when every
   * file has an entry.
   */
  save(searched?: Iterable<string>, memo?: { readonly key: string; readonly text: string }): void;
  /** A scan answered by the memo: writes the stored entries again when this scan's listing is new. */
  keepListing(): void;
}

/** The file's stat, or undefined when it cannot be stat-ed (its read then reports why). */
function statOrUndefined(path: string): FileStat | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** For each file of the scan, the index of its stored entry (-1: none); null when the lists are the same. */
function slotsOf(files: readonly string[], stored: StatFile): Int32Array | null {
  if (stored.count === files.length && files.join("\0") === stored.paths) return null;
  const at = new Map<string, number>();
  if (stored.count > 0) stored.paths.split("\0").forEach((p, j) => at.set(p, j));
  return Int32Array.from(files, (f) => at.get(f) ?? -1);
}

const sameStat = (nums: Float64Array, at: number, st: FileStat) =>
  nums[at] === st.mtimeMs && nums[at + 1] === st.ctimeMs && nums[at + 2] === st.size && nums[at + 3] === st.ino;

/** The stat cache of one scan: the stored entries it matches against, and the entries it records. */
export class ScanStatCache implements StatCache {
  readonly searched: ReadonlySet<string>;
  private readonly prefix: string;
  private readonly n: number;
  /** For each file of the scan, the index of its stored entry (-1: none); null when the lists are the same. */
  private readonly slots: Int32Array | null;
  private richStored: RichEntry[] | undefined;
  /** The stat taken by statFiles (NaN: none), and whether it matched the entry. */
  private readonly now: Float64Array;
  private readonly matched: Uint8Array;
  private matches = 0;
  /** This scan's entries: recorded[i] set when file i has one; its rich entry in nextRich. */
  private readonly recorded: Uint8Array;
  private readonly next: Float64Array;
  private readonly nextRich = new Map<number, RichEntry>();
  private readonly hintsOf = new Map<string, TextHints | 0>();
  private changed: boolean;
  private statted = false;

  constructor(
    root: string,
    private readonly path: string,
    private readonly key: string,
    private readonly files: readonly string[],
    private readonly scanStart: number,
    private readonly stored: StatFile | null,
    private readonly listing: FolderListing | null,
  ) {
    // `root` is absolute and normalised, the files relative with `/`: no path.join per file.
    this.prefix = root.endsWith(sep) ? root : root + sep;
    this.slots = stored ? slotsOf(files, stored) : null;
    this.searched = new Set(stored?.searched ?? []);
    this.n = files.length;
    this.now = new Float64Array(this.n * NUMS_PER_FILE).fill(NaN);
    this.matched = new Uint8Array(this.n);
    this.recorded = new Uint8Array(this.n);
    this.next = new Float64Array(this.n * NUMS_PER_FILE);
    this.changed = stored === null || this.slots !== null;
  }

  private slotOf(i: number): number {
    return this.stored === null ? -1 : this.slots === null ? i : (this.slots[i] ?? -1);
  }

  /** The stored rich entry at slot `j`: the rich block is parsed on the first need only. */
  private richOf(j: number): RichEntry | undefined {
    const r = this.stored?.nums[j * NUMS_PER_FILE + 4] ?? -1;
    if (r < 0) return undefined;
    try {
      this.richStored ??= JSON.parse(this.stored?.rich() ?? "[]") as RichEntry[];
    } catch {
      this.richStored = [];
    }
    return this.richStored[r];
  }

  private put(i: number, st: FileStat, rich: RichEntry | undefined): void {
    setStat(this.next, i * NUMS_PER_FILE, st);
    this.recorded[i] = 1;
    if (rich) this.nextRich.set(i, rich);
  }

  private statOfNow(i: number): FileStat {
    const at = i * NUMS_PER_FILE;
    const now = this.now;
    return { mtimeMs: now[at] ?? NaN, ctimeMs: now[at + 1] ?? NaN, size: now[at + 2] ?? NaN, ino: now[at + 3] ?? NaN };
  }

  statFiles(stat = statOrUndefined): void {
    const stored = this.stored;
    if (stored === null || this.statted) return;
    this.statted = true;
    let lookups = 0;
    for (let i = 0; i < this.n; i++) {
      const j = this.slotOf(i);
      if (j < 0) continue;
      if (lookups >= GIVE_UP_AFTER && this.matches * 10 < lookups) return;
      lookups++;
      const st = stat(this.prefix + this.files[i]);
      if (st === undefined) continue;
      setStat(this.now, i * NUMS_PER_FILE, st);
      if (sameStat(stored.nums, j * NUMS_PER_FILE, st)) {
        this.matched[i] = 1;
        this.matches++;
      }
    }
  }

  hitOf(i: number): CachedFile | undefined {
    return this.matched[i] === 1 ? answerOf(this.richOf(this.slotOf(i))) : undefined;
  }

  get unchanged(): boolean {
    return this.stored !== null && this.slots === null && this.matches === this.n;
  }

  record(i: number, st: FileStat | undefined, gate?: FileGate, found: readonly string[] = []): void {
    const file = this.files[i] ?? "";
    const hit = st === undefined && this.matched[i] === 1;
    const s = hit ? this.statOfNow(i) : st;
    // Too fresh to trust (or no stat at all): read it again next time.
    if (s === undefined || !(s.mtimeMs <= this.scanStart - RACY_MS)) {
      this.changed = true;
      return;
    }
    const old = hit ? this.richOf(this.slotOf(i)) : undefined;
    const rich = richEntry(found, gate, this.hintsOf.get(file) ?? old?.[2]);
    if (!hit || !sameRich(old, rich)) this.changed = true;
    this.put(i, s, rich);
  }

  recordHints(file: string, hints: TextHints): void {
    this.hintsOf.set(file, isEmpty(hints) ? 0 : hints);
  }

  memo(memoKey: string): string | undefined {
    return this.stored?.memo?.key === memoKey ? this.stored.memo.text : undefined;
  }

  save(names: Iterable<string> = [], memoArg?: { readonly key: string; readonly text: string }): void {
    const list = [...names].sort();
    const kept = this.recorded.reduce((a, b) => a + b, 0);
    const stored = this.stored;
    // The listing and the memo stand for the whole file list: kept only with an entry for every
    // file (else a later tree holding just the recorded files would be answered by a result that
    // counted the others).
    const whole = kept === this.n;
    const listing = whole ? this.listing : null;
    const memo = whole ? memoArg : undefined;
    if (
      !this.changed &&
      kept === (stored?.count ?? 0) &&
      sameListing(listing, stored?.listing ?? null) &&
      sameList(list, [...(stored?.searched ?? [])].sort()) &&
      memo?.key === stored?.memo?.key &&
      memo?.text === stored?.memo?.text
    )
      return;
    const paths: string[] = [];
    const nums = new Float64Array(kept * NUMS_PER_FILE);
    const rich: RichEntry[] = [];
    for (let i = 0; i < this.n; i++) {
      if (this.recorded[i] !== 1) continue;
      const at = paths.length * NUMS_PER_FILE;
      nums.set(this.next.subarray(i * NUMS_PER_FILE, i * NUMS_PER_FILE + 4), at);
      const r = this.nextRich.get(i);
      nums[at + 4] = r === undefined ? -1 : rich.push(r) - 1;
      paths.push(this.files[i] ?? "");
    }
    const text = {
      key: this.key,
      searched: list,
      paths,
      nums,
      rich: JSON.stringify(rich),
      memo: memo ?? null,
      listing,
    };
    this.write(encodeStatFile(text));
  }

  keepListing(): void {
    const stored = this.stored;
    if (!stored || !this.unchanged || sameListing(this.listing, stored.listing)) return;
    const paths = stored.count === 0 ? [] : stored.paths.split("\0");
    this.write(encodeStatFile({ ...stored, paths, rich: stored.rich(), listing: this.listing }));
  }

  private write(bytes: Buffer): void {
    try {
      writeFileAtomic(this.path, bytes, { durable: false });
      // The JSON cache of earlier versions: nothing reads it any more.
      const legacy = join(dirname(this.path), "stat.json");
      if (existsSync(legacy)) rmSync(legacy, { force: true });
    } catch {
      // A cache that cannot be written only costs the next run its speed-up.
    }
  }
}

function setStat(into: Float64Array, at: number, st: FileStat): void {
  into[at] = st.mtimeMs;
  into[at + 1] = st.ctimeMs;
  into[at + 2] = st.size;
  into[at + 3] = st.ino;
}
