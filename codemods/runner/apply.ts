/**
 * Applies a validated plan all-or-nothing. Before touching a target it writes a journal
 * (journal.ts: the original text of every file it will change, a hash of every new text, which
 * files and folders did not exist), stages every new text in a temp sibling, then renames them
 * into place and removes deleted files; then it re-parses what landed. Any failure — a write
 * error, a parse error, new type errors found by the caller — rolls back from the journal; a
 * process killed mid-apply leaves the journal behind, and the next migrate rolls it back
 * (after checking nothing else changed those files) before doing anything else.
 *
 * Every write, rename and removal goes through `ApplyFs`, journal writes included, so a test
 * can stop the apply at any step as a kill would.
 */
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import type { FileChange } from "../plan.js";
import {
  commitJournal,
  findJournal,
  hashText,
  interruptedMigrateError,
  journalDir,
  nodeApplyFs,
  rollbackJournal,
  writeJournal,
  JOURNAL_REL,
  type ApplyFs,
  type FoundJournal,
  type Journal,
  type JournalEntry,
} from "./journal.js";
import { parseProblems, type PlanProblem } from "./validate-plan.js";

export { journalDir, nodeApplyFs, type ApplyFs } from "./journal.js";

export class ApplyError extends Error {
  constructor(
    message: string,
    readonly problems: readonly PlanProblem[] = [],
  ) {
    super(message);
    this.name = "ApplyError";
  }
}

/**
 * Roll back an apply that was interrupted (killed); true when there was one. Throws
 * JournalConflictError, touching nothing, when a file it would restore changed since.
 */
export function recoverInterruptedApply(root: string, fs: ApplyFs = nodeApplyFs): boolean {
  const found = findJournal(root);
  if (!found) return false;
  rollbackJournal(root, found, { fs });
  return true;
}

export interface AppliedPlan {
  /** Undo this apply (e.g. when the type check after it found new errors). */
  rollback(): void;
  /** Forget the journal: the apply is final. */
  commit(): void;
}

function missingDirs(root: string, paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    for (let d = dirname(p); d !== "." && d !== "" && !nodeFs.existsSync(join(root, d)); d = dirname(d)) out.add(d);
  }
  return [...out].sort((a, b) => a.split("/").length - b.split("/").length);
}

function journalFor(
  root: string,
  changes: readonly FileChange[],
): { journal: Journal; originals: Map<string, string> } {
  const originals = new Map<string, string>();
  const entries: JournalEntry[] = changes.map((c, i) => {
    const backup = c.kind === "create" ? null : `${i}.orig`;
    if (backup && c.kind !== "create") originals.set(backup, c.before);
    const tmp = c.kind === "delete" ? null : join(dirname(c.path), `.${basename(c.path)}.capkit-migrate.tmp`);
    return {
      path: c.path,
      existed: c.kind !== "create",
      backup,
      tmp,
      before: c.kind === "create" ? null : hashText(c.before),
      after: c.kind === "delete" ? null : hashText(c.after),
    };
  });
  const journal: Journal = {
    version: 2,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    entries,
    createdDirs: missingDirs(
      root,
      changes.map((c) => c.path),
    ),
  };
  return { journal, originals };
}

function landedProblems(root: string, changes: readonly FileChange[]): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const c of changes) {
    if (c.kind === "delete") continue;
    const landed = nodeFs.readFileSync(join(root, c.path), "utf8");
    if (landed !== c.after)
      problems.push({ path: c.path, line: 1, message: "file on disk differs from the plan after writing" });
    problems.push(...parseProblems(c.path, landed));
  }
  return problems;
}

/**
 * Rolls back right after a failure; a rollback that fails too leaves the journal for the next
 * run and says so. No conflict check here: the files were written by this apply a moment ago,
 * and one that landed different from the plan (the failure itself) must still be put back.
 */
function rollbackAfter(root: string, found: FoundJournal, fs: ApplyFs, error: unknown): never {
  try {
    rollbackJournal(root, found, { fs, force: true });
  } catch (rollbackError) {
    const why = error instanceof Error ? error.message : String(error);
    const how = rollbackError instanceof Error ? rollbackError.message : String(rollbackError);
    throw new ApplyError(
      `apply failed (${why}) and its rollback failed too (${how}); the journal in ${JOURNAL_REL} is kept: run \`capkit migrate --rollback-journal\``,
    );
  }
  if (error instanceof ApplyError) throw error;
  throw new ApplyError(`apply failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`);
}

export function applyPlan(root: string, changes: readonly FileChange[], fs: ApplyFs = nodeApplyFs): AppliedPlan {
  const pending = interruptedMigrateError(root);
  if (pending) throw pending; // never stack a second journal over the first
  const dir = journalDir(root);
  const { journal, originals } = journalFor(root, changes);
  const found: FoundJournal = { dir, rel: JOURNAL_REL, journal };
  try {
    writeJournal(dir, journal, originals, fs);
  } catch (error) {
    // No target was touched; journal.json is either absent or whole (then the rollback is a no-op).
    rollbackAfter(root, found, fs, error);
  }
  try {
    for (const d of journal.createdDirs) fs.mkdir(join(root, d));
    changes.forEach((c, i) => {
      const tmp = journal.entries[i]?.tmp;
      if (c.kind !== "delete" && tmp) fs.writeFile(join(root, tmp), c.after);
    });
    changes.forEach((c, i) => {
      const tmp = journal.entries[i]?.tmp;
      if (c.kind === "delete") fs.unlink(join(root, c.path));
      else if (tmp) fs.rename(join(root, tmp), join(root, c.path));
    });
    const problems = landedProblems(root, changes);
    if (problems.length)
      throw new ApplyError(
        `written files do not parse: ${problems.map((p) => `${p.path}:${p.line}: ${p.message}`).join("; ")}`,
        problems,
      );
  } catch (error) {
    rollbackAfter(root, found, fs, error);
  }
  let done = false;
  return {
    rollback() {
      if (done) return;
      done = true;
      rollbackJournal(root, found, { fs });
    },
    commit() {
      if (done) return;
      done = true;
      commitJournal(dir, fs);
    },
  };
}
