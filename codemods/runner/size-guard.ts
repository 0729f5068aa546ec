/**
 * Migrate's refusal of a namespace whose source files are too large for the heap, before
 * anything is planned: planning holds every file of a namespace's capability classes parsed,
 * bound and rewritten at once (measured: about 100 bytes of heap per source byte at the peak),
 * so a file past the heap would crash the run with an out-of-memory error midway.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { InventoryResult } from "../../inventory/types.js";
import { EnvironmentError } from "../../lib/errors.js";
import { heapLimitBytes, megabytes, overMemory, type SizedFile } from "../../lib/memory-estimate.js";

/** Heap per source byte of a namespace's class files, and the process's own, at the peak of a plan. */
export const MIGRATE_HEAP_PER_BYTE = 100;
export const MIGRATE_FIXED_HEAP = 150e6;

export interface SizeGuardOptions {
  /** The heap to fit in (default: this process's limit); tests inject a small one. */
  readonly limitBytes?: number;
  /** Try anyway (--ignore-size-limit). */
  readonly force?: boolean;
}

function namespaceFiles(root: string, inventory: InventoryResult, ns: string): SizedFile[] {
  const paths = new Set(
    inventory.classes.filter((c) => c.kind === "capability" && c.namespace === ns).map((c) => c.file),
  );
  return [...paths].map((path) => ({ path, bytes: statSync(join(root, path), { throwIfNoEntry: false })?.size ?? 0 }));
}

export function assertMigrationFits(
  root: string,
  inventory: InventoryResult,
  namespaces: readonly string[],
  opts: SizeGuardOptions = {},
): void {
  if (opts.force) return;
  const limit = opts.limitBytes ?? heapLimitBytes();
  const verdict = overMemory(
    namespaces.map((ns) => namespaceFiles(root, inventory, ns)),
    MIGRATE_HEAP_PER_BYTE,
    limit,
    MIGRATE_FIXED_HEAP,
  );
  if (!verdict) return;
  const { file, groupBytes, estimateBytes } = verdict;
  const together = groupBytes > file.bytes ? ` (its namespace's class files total ${megabytes(groupBytes)})` : "";
  throw new EnvironmentError(
    `${file.path} (${megabytes(file.bytes)})${together} is too large to migrate in memory: planning it needs about ${megabytes(estimateBytes)} of heap, more than the ${megabytes(limit)} this process may use; nothing was planned or written`,
    {
      file: file.path,
      hint: `split ${file.path} into smaller files (or migrate its namespace's other files first by excluding it in capkit.config.json "scan.exclude"), raise the heap with NODE_OPTIONS=--max-old-space-size=<MB>, or pass --ignore-size-limit to try anyway`,
    },
  );
}
