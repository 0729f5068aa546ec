/**
 * The first read of a tree: what a scan learns of each file when it first reads it (the names it
 * holds, the identifiers around them, and for a gated file its gate and bytes). The one home of
 * that rule: Sources reads through `FirstReader.look`, and `read` makes the same as records apart
 * from the scan's own state, so two threads can read parts of one tree (read-worker.ts) and
 * Sources takes the records on in file order, as if one thread had read every file: the same
 * maps in the same order, the same problems in the same order.
 */
import type { FileGate, Gate } from "./byte-gate.js";
import { NameIndex, type AroundEntry, type SearchPlan } from "./name-search.js";
import { ScratchReader } from "./scratch-reader.js";

/** What the first read learnt of a file that is unreadable or holds a name (a file holding none has no record). */
export interface FirstRecord {
  /** The file's index in the scan's list. */
  readonly i: number;
  /** Why it could not be read: the errno code, or the message. */
  readonly error?: string;
  readonly found?: readonly string[];
  readonly around?: readonly AroundEntry[];
  /** For a gated file (one naming a name as a whole identifier, or always gated): its gate and a lasting copy of its bytes. */
  readonly gate?: FileGate;
  readonly bytes?: Uint8Array;
}

/** What the first look at a gated file learnt. */
export interface GatedLook {
  readonly gate: FileGate;
}

/** What a first read searches for: the same names, gate and always-gated files on every thread. */
export interface FirstReadSpec {
  /** The root with its trailing separator; files are relative to it, with `/`. */
  readonly prefix: string;
  readonly files: readonly string[];
  readonly needles: readonly string[];
  readonly always: readonly string[];
}

/** What Sources' first read searches for and is told of (sources.ts). */
export interface FirstSearch {
  /** The names searched in the first read; only files holding one (or listed in `always`) are gated. */
  readonly needles: readonly string[];
  /** Files gated and kept whatever they hold (the base's module). */
  readonly always?: readonly string[];
  /** Called at the first file gated in the first read (the scan starts its parse worker then). */
  readonly onGated?: () => void;
  /**
   * Called at each file gated in the first read, with its bytes (the read's scratch buffer: valid
   * only during the call) and its gate (the scan guesses from them what its parse worker may need).
   */
  readonly onGatedFile?: (file: string, bytes: Buffer, gate: FileGate) => void;
  /**
   * The first read, done already (first-read.ts: by two threads), in file order: taken on instead
   * of reading the files. Only without a stat cache, and with the default `keep`.
   */
  readonly records?: FirstRecords;
}

/** A first read done apart (read-worker.ts): the records in file order, and the main thread's time in it. */
export interface FirstRecords {
  readonly records: readonly FirstRecord[];
  readonly readMs: number;
  readonly gateMs: number;
}

/** A Buffer over a record's bytes (no copy: a worker's arrive as plain Uint8Arrays). */
export const asBuffer = (u: Uint8Array): Buffer =>
  Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export class FirstReader {
  private readonly plan: SearchPlan | null;
  private readonly reader = new ScratchReader();
  private readonly always: ReadonlySet<string>;
  /** Milliseconds this thread spent reading, and searching and gating. */
  readMs = 0;
  gateMs = 0;

  constructor(
    private readonly spec: FirstReadSpec,
    private readonly gate: Gate,
    /** Called at each gated file with its bytes (valid only during the call). */
    private readonly onGated?: (file: string, bytes: Buffer, gate: FileGate) => void,
    /** The index the names found go to (Sources passes its own; `read` reports them in the records). */
    private readonly names = new NameIndex(),
  ) {
    this.plan = this.names.plan(spec.needles);
    this.always = new Set(spec.always);
  }

  /** The search of the spec's needles (null without needles): its names are marked done once every file is looked at. */
  get searchPlan(): SearchPlan | null {
    return this.plan;
  }

  /**
   * The records of files [from, to), in order. `keep` makes the lasting copy of a gated file's
   * bytes (the read's own buffer is reused by the next read).
   */
  read(from: number, to: number, keep: (bytes: Buffer) => Uint8Array = (b) => this.reader.keep(b)): FirstRecord[] {
    const out: FirstRecord[] = [];
    for (let i = from; i < to; i++) {
      const file = this.spec.files[i] ?? "";
      const t0 = performance.now();
      let buf: Buffer;
      try {
        buf = this.reader.read(this.spec.prefix + file);
      } catch (error) {
        out.push({ i, error: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
        continue;
      }
      const t1 = performance.now();
      const seen = this.look(file, buf);
      if (seen !== null)
        out.push(
          seen === "held"
            ? { i, ...this.names.learntOf(file) }
            : { i, ...this.names.learntOf(file), ...seen, bytes: keep(buf) },
        );
      this.readMs += t1 - t0;
      this.gateMs += performance.now() - t1;
    }
    return out;
  }

  /**
   * The first look at a file read: its names searched, then the file gated (one naming a name as
   * a whole identifier, or always gated), or the surroundings of its hits remembered
   * ("held": it holds a name only inside longer identifiers), or nothing (null).
   */
  look(file: string, buf: Buffer): GatedLook | "held" | null {
    const found = this.plan ? this.names.test(file, this.plan, { bytes: () => buf }) : null;
    if (found === null || found.exact || this.always.has(file)) {
      const gate = this.gate(buf);
      this.onGated?.(file, buf, gate);
      return { gate };
    }
    if (found.found.length === 0) return null;
    this.names.remember(file, buf);
    return "held";
  }
}
