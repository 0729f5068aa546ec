/**
 * Saved results: each job writes its last result as JSON under `<root>/.capkit/results/`,
 * and renderers (the dashboard, `--reporter` re-renders) read it back instead of re-running
 * an engine. `results/` and `cache/` are git-ignored by a `.capkit/.gitignore` capkit writes,
 * so saving a result never dirties the user's tree; the committed files in `.capkit/` are
 * the ratchet baseline and the category snapshot.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { EnvironmentError } from "./errors.js";
import { readJsonFileIfExists } from "./read-json.js";

export type ResultJob = "inventory" | "ratchet" | "migrate" | "lint" | "parity" | "history" | "smoke";

export const CAPKIT_DIR = ".capkit";

const GITIGNORE = "# Written by capkit: saved results and caches are local, never committed.\nresults/\ncache/\ndashboard.html\n.gitignore\n";

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

function ensureIgnored(root: string): void {
  const ignore = join(root, CAPKIT_DIR, ".gitignore");
  if (!existsSync(ignore)) writeFileAtomic(ignore, GITIGNORE);
}

export function saveResult(root: string, job: ResultJob, data: unknown): string {
  ensureIgnored(root);
  const path = resultPath(root, job);
  writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** The saved result, or undefined when that job has not run on this root yet. */
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
