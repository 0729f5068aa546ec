/**
 * Reads files into one reused scratch buffer (a file's bytes are looked at and mostly dropped at
 * once: fresh memory per file would cost page faults as large as the read), and keeps lasting
 * copies of the few that matter packed into shared slabs. Used by sources.ts.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** Kept copies are packed into shared slabs: one allocation per 8 MB instead of one per file. */
const SLAB_BYTES = 8 * 1024 * 1024;
/** The scratch buffer's starting size; it grows to fit the biggest file read. */
const SCRATCH_BYTES = 1024 * 1024;

export class ScratchReader {
  /** The fstat of the last file read with `withStat`. */
  lastStat: Stats | null = null;
  private scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  private slab = Buffer.allocUnsafe(0);
  private slabUsed = 0;

  /** Reads the file into the scratch buffer (grown when the file fills it); returns a view of it, valid until the next read. */
  read(path: string, withStat = false): Buffer {
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

  /** A lasting copy of bytes read (packed into a shared slab). */
  keep(buf: Buffer): Buffer {
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
