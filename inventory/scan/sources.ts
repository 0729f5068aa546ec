/**
 * Sources: reads every in-scope file once into one reused scratch buffer, gates it there with
 * the one-pass byte gate (gate.ts) while its bytes are hot, and keeps a copy only of the files
 * the `keep` predicate wants (the scan keeps the base's files only: select.ts). Files are decoded
 * as UTF-8 only when a later step needs their text, read again then.
 *
 * Why not keep every file: each kept byte lands on fresh memory, and the kernel's page faults
 * for it cost as much as the read itself; a scan's memory also grew
 * with the repository. A later step that must search the files not kept (phase 2, when phase 1
 * found class factories) re-reads them through the same scratch buffer: `select()`.
 *
 * With a stat cache (stat-cache.ts), a file whose stat is the one recorded is not read at all:
 * its gate answers and hints come from the cache.
 */
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { sep } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScanProblem } from "../types.js";
import type { FileGate, Gate } from "./gate.js";
import type { TextHints } from "./prefilter.js";
import type { StatCache } from "./stat-cache.js";

/** Kept copies are packed into shared slabs: one allocation per 8 MB instead of one per file. */
const SLAB_BYTES = 8 * 1024 * 1024;
/** The scratch buffer's starting size; it grows to fit the biggest file read. */
const SCRATCH_BYTES = 1024 * 1024;

export type KeepFile = (file: string, gate: FileGate) => boolean;

export class Sources {
  /** The kept files' bytes; `bytesOf()` also answers for the others, by reading them again. */
  readonly bytes = new Map<string, Buffer>();
  readonly gates = new Map<string, FileGate>();
  /** Milliseconds spent reading and gating (for the scan's timings). */
  readMs = 0;
  gateMs = 0;
  private readonly prefix: string;
  private scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  private slab = Buffer.allocUnsafe(0);
  private slabUsed = 0;

  /** Files the stat cache answered for. */
  statHits = 0;
  /** Hints the stat cache had for files it answered for (no read, no decode). */
  readonly cachedHints = new Map<string, TextHints>();

  constructor(
    root: string,
    files: readonly string[],
    private readonly problems: ScanProblem[],
    gate: Gate,
    keep: KeepFile = () => true,
    statCache?: StatCache,
  ) {
    // `root` is absolute and normalised, `file` relative with `/`: no path.join per file.
    this.prefix = root.endsWith(sep) ? root : root + sep;
    for (const file of files) {
      const t0 = performance.now();
      // With a stat cache, an unchanged file's answers come from it: one stat, no read. A file
      // it has no entry for is read and fstat-ed in one go (a separate path stat would cost a syscall a file).
      if (statCache?.has(file)) {
        const st = this.statOrReport(file);
        if (st === null) continue;
        const hit = statCache.lookup(file, st);
        if (hit) {
          this.statHits++;
          this.gates.set(file, hit.gate);
          if (hit.hints) this.cachedHints.set(file, hit.hints);
          this.readMs += performance.now() - t0;
          continue;
        }
      }
      const buf = this.readOrReport(file, statCache !== undefined);
      if (buf === null) continue;
      const t1 = performance.now();
      const g = gate(buf);
      this.gates.set(file, g);
      if (statCache && this.lastStat) statCache.record(file, this.lastStat, g);
      if (keep(file, g)) this.bytes.set(file, this.keepCopy(buf));
      this.readMs += t1 - t0;
      this.gateMs += performance.now() - t1;
    }
  }

  private statOrReport(file: string): Stats | null {
    try {
      return statSync(this.prefix + file);
    } catch (error) {
      return this.report(file, error);
    }
  }

  private report(file: string, error: unknown): null {
    this.problems.push({
      file,
      line: 0,
      column: 0,
      message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    });
    return null;
  }

  /**
   * The files of `files` whose bytes pass `test`, in the given order. Kept files are tested in
   * memory, the others are read again into the scratch buffer; a match is kept from then on.
   */
  select(files: readonly string[], test: (bytes: Buffer) => boolean): string[] {
    return files.filter((file) => {
      const kept = this.bytes.get(file);
      if (kept !== undefined) return test(kept);
      if (!this.gates.has(file)) return false; // unreadable on the first pass: already reported
      const buf = this.readOrReport(file);
      if (buf === null || !test(buf)) return false;
      this.bytes.set(file, this.keepCopy(buf));
      return true;
    });
  }

  /** The file's bytes: its kept copy, or a fresh read (only valid until the next read). */
  bytesOf(file: string): Buffer | undefined {
    return this.bytes.get(file) ?? (this.gates.has(file) ? (this.readOrReport(file) ?? undefined) : undefined);
  }

  /**
   * The file as text, decoded anew on each call: the pre-filter decodes ~1 in 6 files once and
   * drops the string at once, the parser decodes again the few it parses. Keeping every decoded
   * text alive for the whole scan made the young generation copy megabytes of strings; decoding
   * twice costs far less than that garbage collection did.
   */
  text(file: string): string {
    return this.bytesOf(file)?.toString("utf8") ?? "";
  }

  private readOrReport(file: string, withStat = false): Buffer | null {
    try {
      return this.read(this.prefix + file, withStat);
    } catch (error) {
      return this.report(file, error);
    }
  }

  /** Reads the file into the scratch buffer (grown when the file fills it); returns a view of it. */
  /** The fstat of the last file read with `withStat` (for the stat cache). */
  private lastStat: Stats | null = null;

  private read(path: string, withStat = false): Buffer {
    const fd = openSync(path, "r");
    try {
      this.lastStat = withStat ? fstatSync(fd) : null;
      // One read: a regular file read short of the request has reached its end (so no fstat and
      // no extra read to see EOF, two syscalls saved per file).
      const n = readSync(fd, this.scratch, 0, this.scratch.length, null);
      if (n < this.scratch.length) return this.scratch.subarray(0, n);
      // The file filled the scratch buffer: grow it to the file's size and read the rest.
      const grown = Buffer.allocUnsafe(Math.max(fstatSync(fd).size + 1, 2 * this.scratch.length));
      this.scratch.copy(grown, 0, 0, n);
      this.scratch = grown;
      return readRest(fd, grown, n);
    } finally {
      closeSync(fd);
    }
  }

  private keepCopy(buf: Buffer): Buffer {
    if (buf.length > SLAB_BYTES / 4) return Buffer.from(buf);
    if (this.slab.length - this.slabUsed < buf.length) {
      this.slab = Buffer.allocUnsafe(SLAB_BYTES);
      this.slabUsed = 0;
    }
    const copy = this.slab.subarray(this.slabUsed, this.slabUsed + buf.length);
    buf.copy(copy);
    this.slabUsed += buf.length;
    return copy;
  }
}

/** Reads from offset `got` until EOF or `into` is full (the file may have changed meanwhile); returns the part filled. */
function readRest(fd: number, into: Buffer, got: number): Buffer {
  while (got < into.length) {
    const n = readSync(fd, into, got, into.length - got, null);
    if (n <= 0) break;
    got += n;
  }
  return into.subarray(0, got);
}
