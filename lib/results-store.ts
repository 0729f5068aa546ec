/**
 * Saved results: each job writes its last result as JSON under `<root>/.capkit/results/`,
 * and renderers (the dashboard, `--reporter` re-renders) read it back instead of re-running
 * an engine. `results/` and `cache/` are git-ignored by a `.capkit/.gitignore` capkit writes,
 * so saving a result never dirties the user's tree; the committed files in `.capkit/` are
 * the ratchet baseline and the category snapshot. On a read-only checkout a result cannot be
 * saved: `trySaveResult` says why instead of throwing, and the command goes on.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { EnvironmentError } from "./errors.js";
import { readJsonFileIfExists } from "./read-json.js";

export type ResultJob = "inventory" | "ratchet" | "migrate" | "lint" | "parity" | "history" | "smoke";

export const CAPKIT_DIR = ".capkit";

const GITIGNORE =
  "# Written by capkit: saved results, caches and migrate's journal and lock are local, never committed.\nresults/\ncache/\nmigrate-journal/\nmigrate.lock*\ndashboard.html\n.gitignore\n";

export function capkitDir(root: string): string {
  return join(root, CAPKIT_DIR);
}

export function cacheDir(root: string, name: string): string {
  ensureIgnored(root);
  return join(root, CAPKIT_DIR, "cache", name);
}

export function resultPath(root: string, job: ResultJob): string {
  return join(root, CAPKIT_DIR, "results", `${job}.json`);
}

/**
 * The results that merge earlier runs (migrate's ledger: every namespace migrated so far) are
 * fsync-ed; the others are what the job computes anew on each run, so a power cut that loses one
 * only costs a re-run. Still written whole (temp file, rename). An fsync is costly where a run
 * starts: right after a checkout and an install, it waits for their writes to reach the disk, a
 * large share of a cold inventory.
 */
const DURABLE_RESULTS: ReadonlySet<ResultJob> = new Set(["migrate"]);

/**
 * Writes `.capkit/.gitignore` (results, caches, migrate's journal and lock) when it is missing;
 * never throws. Not fsync-ed (see DURABLE_RESULTS): a lost one is written again by the next run.
 */
export function ensureIgnored(root: string): void {
  const ignore = join(root, CAPKIT_DIR, ".gitignore");
  try {
    if (!existsSync(ignore)) writeFileAtomic(ignore, GITIGNORE, { durable: false });
  } catch {
    // A read-only checkout: nothing capkit writes can land there either, so nothing to ignore.
  }
}

export function saveResult(root: string, job: ResultJob, data: unknown): string {
  ensureIgnored(root);
  const path = resultPath(root, job);
  writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`, { durable: DURABLE_RESULTS.has(job) });
  return path;
}

/**
 * saveResult for commands that must work on a read-only checkout: the path written, or why
 * nothing was (a file-system error such as EROFS or EACCES). Other errors still throw.
 */
export function trySaveResult(root: string, job: ResultJob, data: unknown): { saved: string } | { skipped: string } {
  try {
    return { saved: saveResult(root, job, data) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== "string") throw error;
    return { skipped: `${relative(root, resultPath(root, job))} (${code})` };
  }
}

/** A saved result, or undefined when the job never saved one; a corrupt file is an EnvironmentError (exit 2). */
export function loadResult<T>(root: string, job: ResultJob): T | undefined {
  const path = resultPath(root, job);
  return readJsonFileIfExists(path, {
    what: `saved ${job} result`,
    file: relative(root, path),
    hint: `delete it and re-run \`capkit ${job}\` to rewrite it`,
    error: EnvironmentError,
  }) as T | undefined;
}
