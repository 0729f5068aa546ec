/**
 * Sources: reads every in-scope file once into one reused scratch buffer and, while its bytes are
 * hot, searches them for the names that matter (name-search.ts; the first look at a file is
 * first-read.ts's, whichever thread reads it). Only a file holding one is gated
 * (the byte gate, byte-gate.ts) and kept; the others are dropped at once. Files are decoded as UTF-8
 * only when a later step needs their text. Without names (`needles` absent), every file is gated
 * and the `keep` predicate decides what is kept.
 *
 * Why not keep every file: each kept byte lands on fresh memory, and the kernel's page faults
 * for it cost as much as the read itself; a scan's memory also grew with the repository. A later
 * search for a name no searched one narrows (`search()`), or a step that must gate every file
 * (`gateAll()`), reads the files not kept again through the same scratch buffer.
 *
 * With a stat cache (stat-cache.ts), a file whose stat is the one recorded is not read at all: its
 * name hits, gate answers and hints come from the cache.
 */
import type { Stats } from "node:fs";
import { sep } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScanProblem } from "../types.js";
import type { FileGate, Gate } from "./byte-gate.js";
import { NameIndex, type SearchPlan } from "./name-search.js";
import { ScratchReader } from "./scratch-reader.js";
import type { TextHints } from "./prefilter.js";
import { answersFor, type StatCache } from "./stat-cache.js";
import { asBuffer, FirstReader, type FirstRecords, type FirstSearch, type GatedLook } from "./first-read.js";

export type KeepFile = (file: string, gate: FileGate) => boolean;

export class Sources {
  /** The kept files' bytes; `bytesOf()` also answers for the others, by reading them again. */
  readonly bytes = new Map<string, Buffer>();
  /** The gated files' answers: every file holding a searched name (every file, without needles). */
  readonly gates = new Map<string, FileGate>();
  /** Milliseconds spent reading and gating (for the scan's timings). */
  readMs = 0;
  gateMs = 0;
  /** Files read from disk (a file read twice counts twice). */
  reads = 0;
  private readonly prefix: string;
  private readonly reader = new ScratchReader();
  private readonly readable = new Set<string>();
  private readonly names = new NameIndex();
  /** The fstat of each file read (by its index; for the stat cache), and the names a cache entry answers for. */
  private readonly readStats = new Map<number, Stats>();
  private readonly cachedHits = new Map<string, ReadonlySet<string>>();
  private readonly cacheSearched: ReadonlySet<string>;
  private readonly gate: Gate;
  private readonly keep: KeepFile;
  private readonly statCache: StatCache | undefined;

  /** Files the stat cache answered for. */
  statHits = 0;
  /** Hints the stat cache had for files it answered for (no read, no decode). */
  readonly cachedHints = new Map<string, TextHints>();

  constructor(
    root: string,
    private readonly files: readonly string[],
    private readonly problems: ScanProblem[],
    gate: Gate,
    keep: KeepFile = () => true,
    statCache?: StatCache,
    first?: FirstSearch,
  ) {
    // `root` is absolute and normalised, `file` relative with `/`: no path.join per file.
    this.prefix = root.endsWith(sep) ? root : root + sep;
    this.gate = gate;
    this.keep = keep;
    const needles = first?.needles;
    this.statCache = statCache;
    // A cache recorded for other names cannot say which of these a file holds.
    const cache = needles === undefined ? undefined : answersFor(statCache, needles);
    this.cacheSearched = cache?.searched ?? new Set();
    let onGated = first?.onGated;
    const onGatedFile = first?.onGatedFile;
    // Without needles the plan is null: every file is gated.
    const spec = {
      prefix: this.prefix,
      files,
      needles: needles ?? [],
      always: first?.always ?? [],
    };
    const reader = new FirstReader(
      spec,
      gate,
      onGated || onGatedFile
        ? (file, bytes, g) => {
            onGated?.();
            onGated = undefined;
            onGatedFile?.(file, bytes, g);
          }
        : undefined,
      this.names,
    );
    const plan = reader.searchPlan;
    if (first?.records !== undefined) {
      this.adopt(first.records);
      if (plan) this.names.done(plan);
      return;
    }
    const always = new Set(first?.always ?? []);
    cache?.statFiles();
    for (let i = 0; i < files.length; i++) {
      const file = files[i] ?? "";
      const t0 = performance.now();
      // With a stat cache, an unchanged file's answers come from it: one stat, no read. A file
      // it has no entry for is read and fstat-ed in one go (a separate path stat would cost a syscall a file).
      const hit = cache?.hitOf(i);
      if (hit && (hit.gate !== undefined || !always.has(file))) {
        this.statHits++;
        this.readable.add(file);
        this.cachedHits.set(file, hit.hits);
        if (plan && hit.hits.size > 0)
          this.names.test(file, plan, { cached: (n) => hit.hits.has(n), bytes: () => undefined });
        if (hit.gate) this.gates.set(file, hit.gate);
        if (hit.hints) this.cachedHints.set(file, hit.hints);
        this.readMs += performance.now() - t0;
        continue;
      }
      const buf = this.readOrReport(file, statCache !== undefined);
      if (buf === null) continue;
      this.readable.add(file);
      if (this.reader.lastStat) this.readStats.set(i, this.reader.lastStat);
      const t1 = performance.now();
      // A file holding a name only inside a longer identifier (`Tooltip`) names nothing yet: not
      // gated, not kept; the identifiers around its hits are, for the later searches that narrow to it.
      const seen = reader.look(file, buf);
      if (seen !== null && seen !== "held") this.take(file, seen, buf);
      this.readMs += t1 - t0;
      this.gateMs += performance.now() - t1;
    }
    if (plan) this.names.done(plan);
  }

  /** A gated file's first look: its gate, and its bytes when kept (`buf` may be the scratch buffer). */
  private take(file: string, { gate }: GatedLook, buf: Buffer, lasting = false): void {
    this.gates.set(file, gate);
    if (!this.bytes.has(file) && this.keep(file, gate)) this.bytes.set(file, lasting ? buf : this.reader.keep(buf));
  }

  /** Takes on a first read done apart, as the loop above would have read the files. */
  private adopt({ records, readMs, gateMs }: FirstRecords): void {
    let next = 0;
    for (const r of records) {
      for (; next < r.i; next++) this.readable.add(this.files[next] ?? "");
      next = r.i + 1;
      const file = this.files[r.i] ?? "";
      if (r.error !== undefined) {
        this.reportReason(file, r.error);
        continue;
      }
      this.readable.add(file);
      this.names.adopt(file, r.found ?? [], r.around ?? []);
      if (r.gate === undefined) continue;
      if (r.bytes === undefined) this.gates.set(file, r.gate);
      else this.take(file, { gate: r.gate }, asBuffer(r.bytes), true);
    }
    for (; next < this.files.length; next++) this.readable.add(this.files[next] ?? "");
    this.reads += this.files.length;
    this.readMs += readMs;
    this.gateMs += gateMs;
  }

  /** Is the file in scope and readable? */
  has(file: string): boolean {
    return this.readable.has(file);
  }

  /** Does the file hold one of `names` (searched names only: `search()` them first)? */
  holdsAny(file: string, names: Iterable<string>): boolean {
    for (const n of names) if (this.names.has(file, n)) return true;
    return false;
  }

  /** The names searched so far. */
  get searched(): ReadonlySet<string> {
    return this.names.searched;
  }

  /** Gates (and keeps) every file holding one of `names`, reading only the files a name cannot be ruled out of. */
  search(names: Iterable<string>): void {
    const plan = this.names.plan(names);
    if (plan === null) return;
    const t0 = performance.now();
    const visit = plan.wide ? this.files : [...this.names.filesWith(plan.narrowedTo)];
    for (const file of visit) {
      if (!this.readable.has(file)) continue;
      this.searchIn(file, plan);
    }
    this.names.done(plan);
    this.gateMs += performance.now() - t0;
  }

  private searchIn(file: string, plan: SearchPlan): void {
    const cached = this.cachedHits.get(file);
    let buf: Buffer | undefined = this.bytes.get(file);
    const { exact } = this.names.test(file, plan, {
      // A cache entry rules a name out; a hit in a file not gated yet is looked at in the bytes
      // (is it a whole identifier?).
      cached: (n) => {
        if (cached === undefined || !this.cacheSearched.has(n)) return undefined;
        if (!cached.has(n)) return false;
        return this.gates.has(file) ? true : undefined;
      },
      bytes: () => (buf ??= this.bytesOf(file)),
    });
    if (!exact) return;
    if (!this.gates.has(file)) {
      const bytes = buf ?? this.bytesOf(file);
      if (bytes !== undefined) this.gateAndKeep(file, bytes);
    }
  }

  /** The file's gate, gating it now (one read) when no search has; undefined when it is not readable. */
  gateOf(file: string): FileGate | undefined {
    const known = this.gates.get(file);
    if (known !== undefined || !this.readable.has(file)) return known;
    const buf = this.bytesOf(file);
    return buf === undefined ? undefined : this.gateAndKeep(file, buf, false);
  }

  /** Gates every file (for what no name leads to: default imports). */
  gateAll(): void {
    const t0 = performance.now();
    for (const file of this.files) this.gateOf(file);
    this.gateMs += performance.now() - t0;
  }

  private gateAndKeep(file: string, buf: Buffer, keep = true): FileGate {
    const g = this.gate(buf);
    this.gates.set(file, g);
    if (keep && !this.bytes.has(file) && this.keep(file, g)) this.bytes.set(file, this.reader.keep(buf));
    return g;
  }

  /** Hands the stat cache what this scan learnt of each file (its name hits and gate). */
  record(): void {
    if (!this.statCache) return;
    this.files.forEach((file, i) => {
      if (this.readable.has(file))
        this.statCache?.record(i, this.readStats.get(i), this.gates.get(file), this.names.hitsOf(file));
    });
  }

  private report(file: string, error: unknown): null {
    this.reportReason(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
    return null;
  }

  private reportReason(file: string, reason: string): void {
    this.problems.push({ file, line: 0, column: 0, message: `cannot read: ${reason}` });
  }

  /**
   * The files of `files` whose bytes pass `test`, in the given order. Kept files are tested in
   * memory, the others are read again into the scratch buffer; a match is kept from then on.
   */
  select(files: readonly string[], test: (bytes: Buffer) => boolean): string[] {
    return files.filter((file) => {
      const kept = this.bytes.get(file);
      if (kept !== undefined) return test(kept);
      if (!this.readable.has(file)) return false; // unreadable on the first pass: already reported
      const buf = this.readOrReport(file);
      if (buf === null || !test(buf)) return false;
      this.bytes.set(file, this.reader.keep(buf));
      return true;
    });
  }

  /** The file's bytes: its kept copy, or a fresh read (only valid until the next read). */
  bytesOf(file: string): Buffer | undefined {
    return this.bytes.get(file) ?? (this.readable.has(file) ? (this.readOrReport(file) ?? undefined) : undefined);
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
    this.reads++;
    try {
      return this.reader.read(this.prefix + file, withStat);
    } catch (error) {
      return this.report(file, error);
    }
  }
}
