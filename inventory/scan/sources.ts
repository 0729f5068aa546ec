/**
 * Sources: every in-scope file's raw bytes, read into a few large shared buffers (one
 * allocation per 32 MB instead of one per file; open/read/close per file, with no fstat: a
 * file is read straight into the rest of the slab, and only one that fills it is measured),
 * each file gated
 * by the one-pass byte gate (gate.ts) as soon as it is read, while its bytes are hot. Files are
 * decoded as UTF-8 only when a later step needs their text (most never are).
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { sep } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScanProblem } from "../types.js";
import type { FileGate, Gate } from "./gate.js";

const SLAB_BYTES = 32 * 1024 * 1024;
/** A new slab is started when less than this is left (a source file is rarely bigger). */
const SLAB_MIN_FREE = 1024 * 1024;

export class Sources {
  readonly bytes = new Map<string, Buffer>();
  readonly gates = new Map<string, FileGate>();
  /** Milliseconds spent reading and gating (for the scan's timings). */
  readMs = 0;
  gateMs = 0;
  private slab = Buffer.allocUnsafe(0);
  private slabUsed = 0;

  constructor(root: string, files: readonly string[], problems: ScanProblem[], gate: Gate) {
    // `root` is absolute and normalised, `file` relative with `/`: no path.join per file.
    const prefix = root.endsWith(sep) ? root : root + sep;
    for (const file of files) {
      const t0 = performance.now();
      let buf: Buffer;
      try {
        buf = this.read(prefix + file);
      } catch (error) {
        problems.push({ file, line: 0, column: 0, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
        continue;
      }
      const t1 = performance.now();
      this.bytes.set(file, buf);
      this.gates.set(file, gate(buf));
      this.readMs += t1 - t0;
      this.gateMs += performance.now() - t1;
    }
  }

  /**
   * The file as text, decoded anew on each call: the pre-filter decodes ~1 in 6 files once and
   * drops the string at once, the parser decodes again the few it parses. Keeping every decoded
   * text alive for the whole scan made the young generation copy megabytes of strings (GC ~60 ms
   * a scan on the bench tree); decoding twice costs a few milliseconds.
   */
  text(file: string): string {
    return this.bytes.get(file)?.toString("utf8") ?? "";
  }

  private read(path: string): Buffer {
    const fd = openSync(path, "r");
    try {
      if (this.slab.length - this.slabUsed < SLAB_MIN_FREE) {
        this.slab = Buffer.allocUnsafe(SLAB_BYTES);
        this.slabUsed = 0;
      }
      const free = this.slab.length - this.slabUsed;
      // One read: a regular file read short of the request has reached its end (so no fstat and
      // no extra read to see EOF, two syscalls saved per file).
      const n = readSync(fd, this.slab, this.slabUsed, free, null);
      if (n < free) {
        const view = this.slab.subarray(this.slabUsed, this.slabUsed + n);
        this.slabUsed += n;
        return view;
      }
      // The file filled the rest of the slab: it is big, so give it a buffer of its own.
      const own = Buffer.allocUnsafe(Math.max(fstatSync(fd).size, free));
      this.slab.copy(own, 0, this.slabUsed, this.slabUsed + free);
      this.slabUsed += free;
      return readRest(fd, own, free);
    } finally {
      closeSync(fd);
    }
  }
}

/** Fills `into` from offset `got` on (the file may have shrunk meanwhile); returns the part filled. */
function readRest(fd: number, into: Buffer, got: number): Buffer {
  while (got < into.length) {
    const n = readSync(fd, into, got, into.length - got, null);
    if (n <= 0) break;
    got += n;
  }
  return got === into.length ? into : into.subarray(0, got);
}
