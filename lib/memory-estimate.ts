/**
 * Whether a file is too large to process in this process's heap, estimated from its size
 * before any work starts: inventory and migrate hold a file's whole syntax tree (and migrate its
 * symbols and generated modules), which take a roughly constant multiple of the file's bytes. A
 * file past the heap would otherwise end in an out-of-memory crash midway.
 */
import { getHeapStatistics } from "node:v8";

export interface SizedFile {
  /** Root-relative path. */
  readonly path: string;
  readonly bytes: number;
}

export interface MemoryVerdict {
  /** The largest file of the group that needs the most, and the group's bytes. */
  readonly file: SizedFile;
  readonly groupBytes: number;
  readonly estimateBytes: number;
  readonly limitBytes: number;
}

/** The heap this process may grow to (--max-old-space-size and the machine decide). */
export function heapLimitBytes(): number {
  return getHeapStatistics().heap_size_limit;
}

/**
 * The group of files (held in memory together) whose estimate exceeds `limitBytes`, the
 * largest first; null when every group fits. `heapPerByte` is the measured heap per source byte.
 */
export function overMemory(
  groups: readonly (readonly SizedFile[])[],
  heapPerByte: number,
  limitBytes: number,
  fixedBytes: number,
): MemoryVerdict | null {
  let worst: MemoryVerdict | null = null;
  for (const files of groups) {
    const groupBytes = files.reduce((n, f) => n + f.bytes, 0);
    const estimateBytes = fixedBytes + groupBytes * heapPerByte;
    const file = files.reduce<SizedFile | undefined>((a, f) => (!a || f.bytes > a.bytes ? f : a), undefined);
    if (file && estimateBytes > limitBytes && (!worst || estimateBytes > worst.estimateBytes))
      worst = { file, groupBytes, estimateBytes, limitBytes };
  }
  return worst;
}

export const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`;
