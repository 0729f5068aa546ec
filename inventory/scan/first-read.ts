/**
 * The first read of a tree as records: for each file, what Sources' first read learns of it (the
 * names it holds, the identifiers around them, and for a gated file its gate and bytes), made
 * apart from the scan's own state. Two threads can then read parts of one tree (read-worker.ts),
 * and Sources takes the records on in file order, as if one thread had read every file: the same
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

/** What a first read searches for: the same names, gate and always-gated files on every thread. */
export interface FirstReadSpec {
  /** The root with its trailing separator; files are relative to it, with `/`. */
  readonly prefix: string;
  readonly files: readonly string[];
  readonly needles: readonly string[];
  readonly always: readonly string[];
}

/** A Buffer over a record's bytes (no copy: a worker's arrive as plain Uint8Arrays). */
export const asBuffer = (u: Uint8Array): Buffer =>
  Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export class FirstReader {
  private readonly names = new NameIndex();
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
  ) {
    this.plan = this.names.plan(spec.needles);
    this.always = new Set(spec.always);
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
      const record = this.look(i, file, buf, keep);
      if (record !== null) out.push(record);
      this.readMs += t1 - t0;
      this.gateMs += performance.now() - t1;
    }
    return out;
  }

  /** Sources' first look at a file read: its names searched, the file gated or its hits' surroundings remembered. */
  private look(i: number, file: string, buf: Buffer, keep: (bytes: Buffer) => Uint8Array): FirstRecord | null {
    const found = this.plan ? this.names.test(file, this.plan, { bytes: () => buf }) : null;
    if (found === null || found.exact || this.always.has(file)) {
      const gate = this.gate(buf);
      this.onGated?.(file, buf, gate);
      return { i, ...this.names.learntOf(file), gate, bytes: keep(buf) };
    }
    if (found.found.length === 0) return null;
    this.names.remember(file, buf);
    return { i, ...this.names.learntOf(file) };
  }
}
