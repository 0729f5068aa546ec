/**
 * The scan's answers per file (the searched names it holds, byte gate, text hints) kept between runs, keyed by what `stat`
 * says of the file (mtime, size, inode), in `<root>/.capkit/cache/inventory/stat.json`. An
 * unchanged tree is then scanned with one stat a file instead of a read, a gate and a decode:
 * only the files a later step parses are read.
 *
 * Racy files (git's "racily clean" problem): a file written in the same clock tick as our read
 * can change without its mtime moving. An entry is therefore recorded only when the file's mtime
 * is at least RACY_MS older than the scan's start; younger ones are read again next time (and
 * then recorded as settled). The key also covers what the answers depend on: the base and
 * belt-builder names, the facts version and the code of the gate and the hints.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { CODE_EXTENSION } from "../../lib/package-layout.js";
import { cacheDir } from "../../lib/results-store.js";
import { hashSources } from "../extract/code-hash.js";
import { FACTS_VERSION } from "../extract/facts.js";
import type { FileGate } from "./gate.js";
import { EMPTY_HINTS, type TextHints } from "./prefilter.js";

const STAT_CACHE_VERSION = 4;
/** A file modified less than this before the scan started is not trusted on its stat alone. */
const RACY_MS = 2000;
/**
 * After this many lookups with under a tenth of them hits (a fresh checkout: every mtime is new),
 * the cache stops asking: a stat that never hits is pure cost before the read.
 */
const GIVE_UP_AFTER = 256;

/** A gated file's answers: [gate flags, newTargets, structure idents, imported]. */
type GateEntry = [number, string[], string[], string[]];
/**
 * One file, compact: [mtimeMs, size, inode, the searched names it holds, gate (0: not gated), hints? (0: none found)].
 * Flags: 1 hinted, 2 baseArgument, 4 declaresBase, 8 mentionsBelt, 16 extendsLocalVariable, 32 extendsDefaultImport.
 */
type Entry = [number, number, number, string[], GateEntry | 0, (TextHints | 0)?];

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
  /** Is there an entry for the file? (Else it is read and fstat-ed at once: no separate stat.) */
  has(file: string): boolean;
  /** The cached answers when the file's stat is the one they were recorded for; else undefined. */
  lookup(file: string, st: Stats): CachedFile | undefined;
  /** Answers for a file of this scan: its gate (when gated) and the searched names it holds. */
  record(file: string, st: Stats, gate?: FileGate, hits?: readonly string[]): void;
  /** Hints computed for a file of this scan (kept with its record). */
  recordHints(file: string, hints: TextHints): void;
  /** Writes this scan's entries when anything changed; `searched`: the names this scan searched in every file. */
  save(searched?: Iterable<string>): void;
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

/** The stored entries and searched names when the file is there, parses and carries this key; else none. */
function readStored(path: string, key: string): { stored: Record<string, Entry>; searched: string[] } {
  try {
    if (existsSync(path)) {
      const doc = JSON.parse(readFileSync(path, "utf8")) as {
        key?: string;
        searched?: string[];
        entries?: Record<string, Entry>;
      };
      if (doc.key === key && doc.entries) return { stored: doc.entries, searched: doc.searched ?? [] };
    }
  } catch {
    // An unreadable cache is no cache.
  }
  return { stored: {}, searched: [] };
}

/** `scanStart`: when this scan began reading (ms since the epoch); files modified since then or shortly before are not recorded. */
export function openStatCache(root: string, key: string, scanStart: number = Date.now()): StatCache {
  const path = join(cacheDir(root, "inventory"), "stat.json");
  const { stored, searched } = readStored(path, key);
  const next: Record<string, Entry> = {};
  const hintsOf = new Map<string, TextHints | 0>();
  let changed = false;
  const same = (e: Entry, st: Stats) => e[0] === st.mtimeMs && e[1] === st.size && e[2] === st.ino;
  let lookups = 0;
  let hits = 0;
  return {
    searched: new Set(searched),
    has(file) {
      if (lookups >= GIVE_UP_AFTER && hits * 10 < lookups) return false;
      return file in stored;
    },
    lookup(file, st) {
      lookups++;
      const e = stored[file];
      if (!e || !same(e, st)) return undefined;
      hits++;
      const hints = e[5];
      return {
        hits: e[3].length === 0 ? NO_HITS : new Set(e[3]),
        ...(e[4] === 0 ? {} : { gate: gateOf(e[4]) }),
        ...(hints === undefined ? {} : { hints: hints === 0 ? EMPTY_HINTS : hints }),
      };
    },
    record(file, st, gate, found = []) {
      // Too fresh to trust: read it again next time.
      if (st.mtimeMs > scanStart - RACY_MS) {
        changed = true;
        return;
      }
      const g: GateEntry | 0 = gate ? [flagsOf(gate), [...gate.newTargets], [...gate.idents], [...gate.imported]] : 0;
      const old = stored[file];
      const unchanged = old !== undefined && same(old, st);
      const h = hintsOf.get(file) ?? (unchanged ? old[5] : undefined);
      // Most files of an unchanged tree: nothing found, not gated, as recorded.
      if (
        unchanged &&
        gate === undefined &&
        found.length === 0 &&
        old[3].length === 0 &&
        old[4] === 0 &&
        h === old[5]
      ) {
        next[file] = old;
        return;
      }
      const e: Entry = [st.mtimeMs, st.size, st.ino, [...found], g];
      if (h !== undefined) e.push(h);
      if (!unchanged || old[3].join() !== e[3].join() || (old[4] === 0) !== (g === 0) || old.length !== e.length)
        changed = true;
      next[file] = e;
    },
    recordHints(file, hints) {
      hintsOf.set(file, isEmpty(hints) ? 0 : hints);
    },
    save(names = []) {
      const list = [...names].sort();
      if (
        !changed &&
        Object.keys(next).length === Object.keys(stored).length &&
        list.join() === [...searched].sort().join()
      )
        return;
      try {
        writeFileAtomic(path, JSON.stringify({ key, searched: list, entries: next }), { durable: false });
      } catch {
        // A cache that cannot be written only costs the next run its speed-up.
      }
    },
  };
}
