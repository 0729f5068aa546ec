/**
 * Whole-file writes that never leave a half-written file: write a sibling temp file, fsync,
 * then rename over the target (rename is atomic within one filesystem). `durable: false` (caches,
 * whose loss only costs the next run its speed-up) skips the fsync: still never half-written for
 * a reader, but a power cut may lose the write.
 */
import { mkdirSync, renameSync, writeFileSync, openSync, fsyncSync, closeSync, rmSync } from "node:fs";
import { dirname, basename, join } from "node:path";

export function writeFileAtomic(
  path: string,
  content: string | Uint8Array,
  options: { readonly durable?: boolean } = {},
): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, content);
    if (options.durable !== false) {
      const fd = openSync(tmp, "r");
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
