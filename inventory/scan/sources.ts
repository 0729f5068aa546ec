/**
 * Sources: every in-scope file's raw bytes, read into a few large shared buffers (one
 * allocation per 32 MB instead of one per file; open/fstat/read/close per file), each file gated
 * by the one-pass byte gate (gate.ts) as soon as it is read, while its bytes are hot. Files are
 * decoded as UTF-8 only when a later step needs their text (most never are).
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScanProblem } from "../types.js";
import type { FileGate, Gate } from "./gate.js";

const SLAB_BYTES = 32 * 1024 * 1024;

export class Sources {
  readonly bytes = new Map<string, Buffer>();
  readonly gates = new Map<string, FileGate>();
  /** Milliseconds spent reading and gating (for the scan's timings). */
  readMs = 0;
  gateMs = 0;
  private readonly decoded = new Map<string, string>();
  private slab = Buffer.allocUnsafe(0);
  private slabUsed = 0;

  constructor(root: string, files: readonly string[], problems: ScanProblem[], gate: Gate) {
    for (const file of files) {
      const t0 = performance.now();
      let buf: Buffer;
      try {
        buf = this.read(join(root, file));
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

  text(file: string): string {
    let t = this.decoded.get(file);
    if (t === undefined) {
      t = this.bytes.get(file)?.toString("utf8") ?? "";
      this.decoded.set(file, t);
    }
    return t;
  }

  private read(path: string): Buffer {
    const fd = openSync(path, "r");
    try {
      const size = fstatSync(fd).size;
      if (size > SLAB_BYTES / 4) return readAll(fd, Buffer.allocUnsafe(size), size);
      if (this.slabUsed + size > this.slab.length) {
        this.slab = Buffer.allocUnsafe(SLAB_BYTES);
        this.slabUsed = 0;
      }
      const view = readAll(fd, this.slab.subarray(this.slabUsed, this.slabUsed + size), size);
      this.slabUsed += view.length;
      return view;
    } finally {
      closeSync(fd);
    }
  }
}

/** Reads up to `size` bytes into `into`; returns the part actually read (a file may shrink meanwhile). */
function readAll(fd: number, into: Buffer, size: number): Buffer {
  let got = 0;
  while (got < size) {
    const n = readSync(fd, into, got, size - got, null);
    if (n <= 0) break;
    got += n;
  }
  return got === into.length ? into : into.subarray(0, got);
}
