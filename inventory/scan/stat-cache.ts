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
 * what the answers depend on: the base and belt-builder names, the facts version and the code of
 * the gate and the hints.
 */
import { createHash } from "node:crypto";
import { existsSync, rmSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { CODE_EXTENSION } from "../../lib/package-layout.js";
import { cacheDir } from "../../lib/results-store.js";
import { hashSources } from "../extract/code-hash.js";
import { FACTS_VERSION } from "../extract/facts.js";
import type { FileGate } from "./gate.js";
import { EMPTY_HINTS, type TextHints } from "./prefilter.js";
import { encodeStatFile, NUMS_PER_FILE, readStatFile, type StatFile } from "./stat-file.js";

const STAT_CACHE_VERSION = 5;
/** A file modified less than this before the scan started is not trusted on its stat alone. */
const RACY_MS = 2000;
/**
 * After this many lookups with under a tenth of them hits (a fresh checkout: every mtime is new),
 * the cache stops asking: a stat that never hits is pure cost before the read.
 */
const GIVE_UP_AFTER = 256;

/** A gated file's answers: [gate flags, newTargets, structure idents, imported]. */
type GateEntry = [number, string[], string[], string[]];
/** A file holding a searched name: [the names it holds, gate (0: not gated), hints? (0: none found)]. */
type RichEntry = [string[], GateEntry | 0, (TextHints | 0)?];

/** What `stat` says of a file, as far as the key goes (a `Stats` is one). */
export interface FileStat {
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly size: number;
  readonly ino: number;
}

/** Hints with nothing in them (most hinted files: `extends` only in a generic constraint) are stored as 0. */
const isEmpty = (h: TextHints) =>
  !h.starExport &&
  h.defaultExports.length === 0 &&
  h.heritages.length === 0 &&
  h.aliases.length === 0 &&
  h.defaultImports.length === 0 &&
  h.exportListNames.length === 0 &&
  h.mixinVars.length === 0;

const flagsOf = (g: FileGate) =>
  (g.hinted ? 1 : 0) |
  (g.baseArgument ? 2 : 0) |
  (g.declaresBase ? 4 : 0) |
  (g.mentionsBelt ? 8 : 0) |
  (g.extendsLocalVariable ? 16 : 0) |
  (g.extendsDefaultImport ? 32 : 0);
const gateOf = (e: GateEntry): FileGate => ({
  hinted: (e[0] & 1) !== 0,
  baseArgument: (e[0] & 2) !== 0,
  declaresBase: (e[0] & 4) !== 0,
  mentionsBelt: (e[0] & 8) !== 0,
  extendsLocalVariable: (e[0] & 16) !== 0,
  extendsDefaultImport: (e[0] & 32) !== 0,
  newTargets: e[1],
  idents: e[2],
  imported: e[3],
});

const NO_HITS: ReadonlySet<string> = new Set();
/** A file holding none of the searched names, not gated: most files of a tree. */
const PLAIN: CachedFile = { hits: NO_HITS };

/** What the cache knows of an unchanged file. */
export interface CachedFile {
  /** Which of the cache's searched names the file holds. */
  readonly hits: ReadonlySet<string>;
  readonly gate?: FileGate;
  readonly hints?: TextHints;
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
  /** Writes this scan's entries (and memo) when anything changed; `searched`: the names this scan searched in every file. */
  save(searched?: Iterable<string>, memo?: { readonly key: string; readonly text: string }): void;
}

/** The sources the cached answers come from: a capkit whose gate or hints changed must not reuse them. */
const ANSWER_SOURCES = ["gate", "structure", "prefilter", "text-hints", "text-scan", "../extract/builtins"].map(
  (f) => `${f}${CODE_EXTENSION}`,
);
const answerSourcesHash = () => {
  const here = dirname(fileURLToPath(import.meta.url));
  return hashSources("scan answers", () => ANSWER_SOURCES.map((f) => join(here, f)));
};

/** What the answers depend on besides the file itself: the base and belt names, the facts version, the gate's and hints' code. */
export function statCacheKey(baseNames: readonly string[], beltNames: readonly string[]): string {
  return createHash("sha1")
    .update(
      JSON.stringify([
        STAT_CACHE_VERSION,
        FACTS_VERSION,
        answerSourcesHash(),
        [...baseNames].sort(),
        [...beltNames].sort(),
      ]),
    )
    .digest("hex")
    .slice(0, 16);
}

/** The file's stat, or undefined when it cannot be stat-ed (its read then reports why). */
function statOrUndefined(path: string): FileStat | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Can the cache say which of `names` a file holds? (Only for names the scan that wrote it searched.) */
export function answersFor(cache: StatCache | undefined, names: readonly string[]): StatCache | undefined {
  return cache !== undefined && names.every((n) => cache.searched.has(n)) ? cache : undefined;
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

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * `files`: the scan's files, in its order (entries are matched to them); `scanStart`: when this scan
 * began reading (ms since the epoch): files modified since then or shortly before are not recorded.
 */
export function openStatCache(
  root: string,
  key: string,
  files: readonly string[],
  scanStart: number = Date.now(),
): StatCache {
  const dir = cacheDir(root, "inventory");
  // `root` is absolute and normalised, the files relative with `/`: no path.join per file.
  const prefix = root.endsWith(sep) ? root : root + sep;
  const path = join(dir, "stat.bin");
  const read = readStatFile(path);
  const stored = read !== null && read.key === key ? read : null;
  const slots = stored ? slotsOf(files, stored) : null;
  const slotOf = (i: number) => (stored === null ? -1 : slots === null ? i : (slots[i] ?? -1));
  let richStored: RichEntry[] | undefined;
  const richOf = (j: number): RichEntry | undefined => {
    const r = stored?.nums[j * NUMS_PER_FILE + 4] ?? -1;
    if (r < 0) return undefined;
    try {
      richStored ??= JSON.parse(stored?.rich() ?? "[]") as RichEntry[];
    } catch {
      richStored = [];
    }
    return richStored[r];
  };
  const n = files.length;
  // The stat taken by statFiles (NaN: none), and whether it matched the entry.
  const now = new Float64Array(n * NUMS_PER_FILE).fill(NaN);
  const matched = new Uint8Array(n);
  let matches = 0;
  // This scan's entries: recorded[i] set when file i has one; its rich entry in nextRich.
  const recorded = new Uint8Array(n);
  const next = new Float64Array(n * NUMS_PER_FILE);
  const nextRich = new Map<number, RichEntry>();
  const hintsOf = new Map<string, TextHints | 0>();
  let changed = stored === null || slots !== null;
  let statted = false;

  const put = (i: number, st: FileStat, rich: RichEntry | undefined) => {
    const at = i * NUMS_PER_FILE;
    next[at] = st.mtimeMs;
    next[at + 1] = st.ctimeMs;
    next[at + 2] = st.size;
    next[at + 3] = st.ino;
    recorded[i] = 1;
    if (rich) nextRich.set(i, rich);
  };
  const statOfNow = (i: number): FileStat => {
    const at = i * NUMS_PER_FILE;
    return { mtimeMs: now[at] ?? NaN, ctimeMs: now[at + 1] ?? NaN, size: now[at + 2] ?? NaN, ino: now[at + 3] ?? NaN };
  };
  const answerOf = (e: RichEntry | undefined): CachedFile => {
    if (e === undefined) return PLAIN;
    const hints = e[2];
    return {
      hits: e[0].length === 0 ? NO_HITS : new Set(e[0]),
      ...(e[1] === 0 ? {} : { gate: gateOf(e[1]) }),
      ...(hints === undefined ? {} : { hints: hints === 0 ? EMPTY_HINTS : hints }),
    };
  };

  return {
    searched: new Set(stored?.searched ?? []),
    statFiles(stat = statOrUndefined) {
      if (stored === null || statted) return;
      statted = true;
      let lookups = 0;
      for (let i = 0; i < n; i++) {
        const j = slotOf(i);
        if (j < 0) continue;
        if (lookups >= GIVE_UP_AFTER && matches * 10 < lookups) return;
        lookups++;
        const st = stat(prefix + files[i]);
        if (st === undefined) continue;
        const at = i * NUMS_PER_FILE;
        now[at] = st.mtimeMs;
        now[at + 1] = st.ctimeMs;
        now[at + 2] = st.size;
        now[at + 3] = st.ino;
        if (sameStat(stored.nums, j * NUMS_PER_FILE, st)) {
          matched[i] = 1;
          matches++;
        }
      }
    },
    hitOf(i) {
      return matched[i] === 1 ? answerOf(richOf(slotOf(i))) : undefined;
    },
    get unchanged() {
      return stored !== null && slots === null && matches === n;
    },
    record(i, st, gate, found = []) {
      const file = files[i] ?? "";
      const hit = st === undefined && matched[i] === 1;
      const s = hit ? statOfNow(i) : st;
      // Too fresh to trust (or no stat at all): read it again next time.
      if (s === undefined || !(s.mtimeMs <= scanStart - RACY_MS)) {
        changed = true;
        return;
      }
      const old = hit ? richOf(slotOf(i)) : undefined;
      const h = hintsOf.get(file) ?? old?.[2];
      const g: GateEntry | 0 = gate ? [flagsOf(gate), [...gate.newTargets], [...gate.idents], [...gate.imported]] : 0;
      const rich: RichEntry | undefined =
        found.length === 0 && g === 0 && h === undefined
          ? undefined
          : h === undefined
            ? [[...found], g]
            : [[...found], g, h];
      if (
        !hit ||
        (old === undefined) !== (rich === undefined) ||
        (old !== undefined &&
          rich !== undefined &&
          (!sameList(old[0], rich[0]) || (old[1] === 0) !== (rich[1] === 0) || old.length !== rich.length))
      )
        changed = true;
      put(i, s, rich);
    },
    recordHints(file, hints) {
      hintsOf.set(file, isEmpty(hints) ? 0 : hints);
    },
    memo(memoKey) {
      return stored?.memo?.key === memoKey ? stored.memo.text : undefined;
    },
    save(names = [], memo) {
      const list = [...names].sort();
      const kept = recorded.reduce((a, b) => a + b, 0);
      const storedCount = stored?.count ?? 0;
      if (
        !changed &&
        kept === storedCount &&
        sameList(list, [...(stored?.searched ?? [])].sort()) &&
        memo?.key === stored?.memo?.key &&
        memo?.text === stored?.memo?.text
      )
        return;
      const paths: string[] = [];
      const nums = new Float64Array(kept * NUMS_PER_FILE);
      const rich: RichEntry[] = [];
      for (let i = 0; i < n; i++) {
        if (recorded[i] !== 1) continue;
        const at = paths.length * NUMS_PER_FILE;
        nums.set(next.subarray(i * NUMS_PER_FILE, i * NUMS_PER_FILE + 4), at);
        const r = nextRich.get(i);
        nums[at + 4] = r === undefined ? -1 : rich.push(r) - 1;
        paths.push(files[i] ?? "");
      }
      try {
        writeFileAtomic(
          path,
          encodeStatFile({ key, searched: list, paths, nums, rich: JSON.stringify(rich), memo: memo ?? null }),
          { durable: false },
        );
        // The JSON cache of earlier versions: nothing reads it any more.
        const legacy = join(dir, "stat.json");
        if (existsSync(legacy)) rmSync(legacy, { force: true });
      } catch {
        // A cache that cannot be written only costs the next run its speed-up.
      }
    },
  };
}
