/**
 * The migrate journal: what an apply needs to undo itself after a kill. It lives in
 * `<root>/.capkit/migrate-journal/` (outside `.capkit/cache/`, which CI may persist between
 * runs) and holds the original text of every file the apply changes, plus a hash of the text
 * the apply writes. A rollback first checks that every file it would restore is still either
 * the original or exactly what the interrupted run wrote: anything else is someone's work, and
 * the rollback refuses, naming the files (JournalConflictError), instead of overwriting it.
 *
 * Consumers: apply.ts (writes and commits it), migrate.ts (recovers before a run), every CLI
 * command (refuses to report on a half-applied tree: `interruptedMigrateError`).
 */
import type * as Crypto from "node:crypto";
import * as nodeFs from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type * as Diff from "diff";
import { EnvironmentError } from "../../lib/errors.js";
import { lockHolder } from "./lock.js";

/** The file operations apply and rollback use (a test wraps them to inject failures or a kill). */
export interface ApplyFs {
  writeFile(path: string, text: string): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
  mkdir(path: string): void;
  /** Remove an empty folder; throws when it is not empty. */
  rmdir(path: string): void;
  /** Remove a folder and everything in it. */
  removeTree(path: string): void;
}

export const nodeApplyFs: ApplyFs = {
  writeFile: (path, text) => nodeFs.writeFileSync(path, text),
  rename: (from, to) => nodeFs.renameSync(from, to),
  unlink: (path) => nodeFs.rmSync(path, { force: true }),
  mkdir: (path) => void nodeFs.mkdirSync(path, { recursive: true }),
  rmdir: (path) => nodeFs.rmdirSync(path),
  removeTree: (path) => nodeFs.rmSync(path, { recursive: true, force: true }),
};

export const JOURNAL_REL = ".capkit/migrate-journal";
/** Where capkit before this version kept the journal; still recognised, never written. */
const LEGACY_JOURNAL_REL = ".capkit/cache/migrate-journal";
const JOURNAL_FILE = "journal.json";

export const ROLLBACK_COMMAND = "capkit migrate --rollback-journal";
export const DISCARD_COMMAND = "capkit migrate --discard-journal";

export interface JournalEntry {
  readonly path: string;
  readonly existed: boolean;
  /** File name of the saved original inside the journal folder. */
  readonly backup: string | null;
  readonly tmp: string | null;
  /** sha256 of the original text (null: the file did not exist). Absent in version-1 journals. */
  readonly before?: string | null;
  /** sha256 of the text the apply writes (null: the apply deletes it). Absent in version-1 journals. */
  readonly after?: string | null;
}

export interface Journal {
  readonly version: 1 | 2;
  readonly pid: number;
  readonly startedAt: string;
  readonly entries: readonly JournalEntry[];
  /** Folders this apply created (removed again on rollback when empty), deepest last. */
  readonly createdDirs: readonly string[];
}

/** A journal found on disk: its folder, root-relative folder and contents. */
export interface FoundJournal {
  readonly dir: string;
  readonly rel: string;
  readonly journal: Journal;
}

/** One file a rollback would restore that is neither the original nor what the interrupted run wrote. */
export interface JournalConflict {
  readonly path: string;
  readonly problem: string;
  /** Unified diff from the text the rollback would restore to the text on disk now (may be cut short). */
  readonly diff: string;
}

export function journalDir(root: string): string {
  return join(root, JOURNAL_REL);
}

// node:crypto required on first use: every command loads this module to ask whether a migrate
// was interrupted, and only an apply or a rollback hashes.
export const hashText = (text: string | Buffer): string =>
  (createRequire(import.meta.url)("node:crypto") as typeof Crypto).createHash("sha256").update(text).digest("hex");

function readText(path: string): string | null {
  try {
    return nodeFs.readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The journal left by an interrupted apply, or null. A folder without journal.json is a finished or never-started apply. */
export function findJournal(root: string): FoundJournal | null {
  for (const rel of [JOURNAL_REL, LEGACY_JOURNAL_REL]) {
    const dir = join(root, rel);
    const text = readText(join(dir, JOURNAL_FILE));
    if (text === null) continue;
    let journal: Journal;
    try {
      journal = JSON.parse(text) as Journal;
    } catch {
      throw new EnvironmentError(`the migrate journal is not valid JSON`, {
        file: `${rel}/${JOURNAL_FILE}`,
        hint: `check the tree with git status, then \`${DISCARD_COMMAND}\``,
      });
    }
    return { dir, rel, journal };
  }
  return null;
}

/** Leftovers of finished applies (a folder whose journal.json is gone): safe to delete. */
export function removeFinishedJournals(root: string, fs: ApplyFs = nodeApplyFs): void {
  for (const rel of [JOURNAL_REL, LEGACY_JOURNAL_REL]) {
    const dir = join(root, rel);
    if (nodeFs.existsSync(dir) && !nodeFs.existsSync(join(dir, JOURNAL_FILE))) fs.removeTree(dir);
  }
}

function original(found: FoundJournal, e: JournalEntry): string | null {
  if (!e.existed || !e.backup) return null;
  const text = readText(join(found.dir, e.backup));
  if (text === null)
    throw new EnvironmentError(`the migrate journal lacks the saved original of ${e.path}`, {
      file: `${found.rel}/${e.backup}`,
      hint: `restore ${e.path} with git, then \`${DISCARD_COMMAND}\``,
    });
  return text;
}

const MAX_DIFF_LINES = 40;

/** Every command checks for a journal; only a conflict needs the diff library, so it loads then. */
function shortDiff(path: string, from: string, to: string): string {
  const { createTwoFilesPatch } = createRequire(import.meta.url)("diff") as typeof Diff;
  const lines = createTwoFilesPatch(`journal/${path}`, `disk/${path}`, from, to, "", "", { context: 2 })
    .replace(/^=+\n/, "")
    .split("\n");
  return lines.length > MAX_DIFF_LINES
    ? [...lines.slice(0, MAX_DIFF_LINES), `… ${lines.length - MAX_DIFF_LINES} more diff lines`].join("\n")
    : lines.join("\n");
}

/** Files whose text on disk is neither the original nor what the interrupted apply wrote. */
export function journalConflicts(root: string, found: FoundJournal): JournalConflict[] {
  const out: JournalConflict[] = [];
  for (const e of found.journal.entries) {
    const now = readText(join(root, e.path));
    const before = original(found, e);
    if (now === before) continue;
    const afterHash = e.after === undefined ? undefined : e.after;
    if (
      now === null ? afterHash === null : afterHash !== undefined && afterHash !== null && hashText(now) === afterHash
    )
      continue;
    const problem =
      now === null
        ? "deleted since the interrupted migrate wrote it"
        : !e.existed
          ? "created by the interrupted migrate and edited since"
          : afterHash === undefined
            ? "differs from the original, and this older journal cannot tell whether migrate or a person wrote it"
            : "edited since the interrupted migrate: neither the original nor what migrate wrote";
    out.push({ path: e.path, problem, diff: shortDiff(e.path, before ?? "", now ?? "") });
  }
  return out;
}

/** The refusal: a rollback would overwrite work that is not the interrupted run's. */
export class JournalConflictError extends EnvironmentError {
  constructor(
    readonly conflicts: readonly JournalConflict[],
    found: FoundJournal,
  ) {
    const list = conflicts.map((c) => `  ${c.path}: ${c.problem}`).join("\n");
    const diffs = conflicts.map((c) => c.diff).join("\n");
    super(
      `an interrupted capkit migrate (pid ${found.journal.pid}, started ${found.journal.startedAt}) left a journal, and rolling it back would overwrite ${conflicts.length} changed file${conflicts.length === 1 ? "" : "s"}; nothing was touched:\n${list}\n${diffs}`,
      {
        file: found.rel,
        hint: `keep the tree as it is now and drop the journal: \`${DISCARD_COMMAND}\` (then review it with git status / git diff); or put back the originals from before that migrate, overwriting the changes above: \`${ROLLBACK_COMMAND} --force\``,
      },
    );
  }
}

/** Why a command must not run on this tree (an interrupted or running migrate), or null. */
export function interruptedMigrateError(root: string): EnvironmentError | null {
  const found = findJournal(root);
  if (!found) return null;
  const holder = lockHolder(root);
  const who = holder?.alive
    ? `a capkit migrate is running on this tree right now (pid ${holder.pid}, started ${holder.startedAt})`
    : `an interrupted capkit migrate (pid ${found.journal.pid}, started ${found.journal.startedAt}) left a journal`;
  return new EnvironmentError(`${who}: the tree may be half-applied, so its results would be wrong`, {
    file: found.rel,
    hint: holder?.alive
      ? "wait for it to finish, then run this command again"
      : `put the tree back as it was before that migrate: \`${ROLLBACK_COMMAND}\` (it refuses if files changed since); or keep the tree as it is and drop the journal: \`${DISCARD_COMMAND}\``,
  });
}

function removeJournal(found: FoundJournal, fs: ApplyFs): void {
  // journal.json goes first: a kill after it leaves a folder the next run simply deletes.
  fs.unlink(join(found.dir, JOURNAL_FILE));
  fs.removeTree(found.dir);
}

/**
 * Restores the tree from the journal and deletes the journal; returns the paths it put back.
 * Refuses (JournalConflictError, nothing touched) when a file changed since, unless `force`.
 */
export function rollbackJournal(
  root: string,
  found: FoundJournal,
  options: { fs?: ApplyFs; force?: boolean } = {},
): string[] {
  const fs = options.fs ?? nodeApplyFs;
  if (!options.force) {
    const conflicts = journalConflicts(root, found);
    if (conflicts.length) throw new JournalConflictError(conflicts, found);
  }
  const restored: string[] = [];
  for (const e of found.journal.entries) {
    const abs = join(root, e.path);
    if (e.tmp) fs.unlink(join(root, e.tmp));
    const before = original(found, e);
    const now = readText(abs);
    if (now === before) continue;
    if (before === null) fs.unlink(abs);
    else {
      const tmp = join(root, `${e.path}.capkit-rollback.tmp`);
      fs.writeFile(tmp, before);
      fs.rename(tmp, abs);
    }
    restored.push(e.path);
  }
  for (const d of [...found.journal.createdDirs].reverse()) {
    try {
      fs.rmdir(join(root, d));
    } catch {
      // not empty (someone else's file) or already gone: leave it
    }
  }
  removeJournal(found, fs);
  return restored.sort();
}

/** Drops the journal and keeps the tree as it is (the explicit `--discard-journal`). */
export function discardJournal(root: string, found: FoundJournal, fs: ApplyFs = nodeApplyFs): void {
  for (const e of found.journal.entries) if (e.tmp) fs.unlink(join(root, e.tmp));
  removeJournal(found, fs);
}

/** Writes the journal: the originals first, then journal.json by rename, so a kill leaves either no journal or a whole one. */
export function writeJournal(dir: string, journal: Journal, originals: ReadonlyMap<string, string>, fs: ApplyFs): void {
  fs.mkdir(dir);
  for (const [name, text] of originals) fs.writeFile(join(dir, name), text);
  const tmp = join(dir, `${JOURNAL_FILE}.tmp`);
  fs.writeFile(tmp, JSON.stringify(journal, null, 2));
  fs.rename(tmp, join(dir, JOURNAL_FILE));
}

/** Forgets the journal of a finished apply. */
export function commitJournal(dir: string, fs: ApplyFs): void {
  fs.unlink(join(dir, JOURNAL_FILE));
  fs.removeTree(dir);
}
