/**
 * The committed baseline of known lint violations (`.capkit/lint-baseline.json` by default):
 * a sorted, versioned list of { rule, file, key } — keys name the import or cycle, never a
 * line, so unrelated edits do not churn it. Violations it lists do not fail `capkit lint` or
 * the ESLint rules; new ones do. Written only by `capkit lint --update-baseline`.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { ConfigError } from "../../lib/errors.js";
import { readJsonFile } from "../../lib/read-json.js";

export interface BaselineEntry {
  readonly rule: string;
  readonly file: string;
  /** Stable identity of the violation: the imported file, the cycle, the spec name. */
  readonly key: string;
}

export interface BaselineFile {
  readonly version: 1;
  readonly comment: string;
  readonly violations: readonly BaselineEntry[];
}

const COMMENT =
  "Known capkit lint violations: listed ones do not fail, new ones do. Never edit by hand: run `capkit lint --update-baseline`. On a merge conflict take either side, then rerun that command.";

const cache = new Map<string, { mtimeMs: number; counts: Map<string, number> }>();

export function entryId(entry: BaselineEntry): string {
  return `${entry.rule}\0${entry.file}\0${entry.key}`;
}

/** Counts of baselined violations by id; empty when there is no baseline file. */
export function loadBaseline(root: string, path: string): Map<string, number> {
  const file = join(root, path);
  if (!existsSync(file)) return new Map();
  const mtimeMs = statSync(file).mtimeMs;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.counts;
  const parsed = readJsonFile(file, {
    what: "the lint baseline",
    hint: "regenerate it with `capkit lint --update-baseline`",
  }) as Partial<BaselineFile> | null;
  if (parsed?.version !== 1 || !Array.isArray(parsed.violations)) {
    throw new ConfigError("the lint baseline is not a version 1 baseline", {
      file,
      hint: "regenerate it with `capkit lint --update-baseline`",
    });
  }
  const counts = new Map<string, number>();
  for (const v of parsed.violations) counts.set(entryId(v), (counts.get(entryId(v)) ?? 0) + 1);
  cache.set(file, { mtimeMs, counts });
  return counts;
}

/**
 * Split violations into new and baselined, consuming one baseline slot per match so a
 * second copy of a known violation is still new.
 */
export function applyBaseline<T extends BaselineEntry>(
  violations: readonly T[],
  counts: ReadonlyMap<string, number>,
): { fresh: T[]; known: T[] } {
  const left = new Map(counts);
  const fresh: T[] = [];
  const known: T[] = [];
  for (const v of violations) {
    const id = entryId(v);
    const n = left.get(id) ?? 0;
    if (n > 0) {
      left.set(id, n - 1);
      known.push(v);
    } else fresh.push(v);
  }
  return { fresh, known };
}

export function writeBaseline(root: string, path: string, violations: readonly BaselineEntry[]): string {
  const sorted = violations
    .map((v) => ({ rule: v.rule, file: v.file, key: v.key }))
    .sort((a, b) => (entryId(a) < entryId(b) ? -1 : entryId(a) > entryId(b) ? 1 : 0));
  const body: BaselineFile = { version: 1, comment: COMMENT, violations: sorted };
  const file = join(root, path);
  writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
  cache.delete(file);
  return file;
}
