/**
 * Applies a validated plan all-or-nothing. Before touching a target it writes a journal under
 * `<root>/.capkit/cache/migrate-journal/` (the original text of every file it will change, and
 * which files and folders did not exist), stages every new text in a temp sibling, then renames
 * them into place and removes deleted files; then it re-parses what landed. Any failure — a
 * write error, a parse error, new type errors found by the caller — rolls back from the
 * journal; a process killed mid-apply leaves the journal behind and the next run (or
 * `recoverInterruptedApply`) rolls it back before doing anything else.
 */
import * as nodeFs from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import type { FileChange } from "../plan.js";
import { parseProblems, type PlanProblem } from "./validate.js";

/** The file operations apply uses (a test can wrap them to inject failures or pause). */
export interface ApplyFs {
  writeFile(path: string, text: string): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
  mkdir(path: string): void;
}

export const nodeApplyFs: ApplyFs = {
  writeFile: (path, text) => nodeFs.writeFileSync(path, text),
  rename: (from, to) => nodeFs.renameSync(from, to),
  unlink: (path) => nodeFs.rmSync(path, { force: true }),
  mkdir: (path) => void nodeFs.mkdirSync(path, { recursive: true }),
};

interface JournalEntry {
  readonly path: string;
  readonly existed: boolean;
  /** File name of the saved original inside the journal folder. */
  readonly backup: string | null;
  readonly tmp: string | null;
}
interface Journal {
  readonly version: 1;
  readonly pid: number;
  readonly startedAt: string;
  readonly entries: readonly JournalEntry[];
  /** Folders this apply created (removed again on rollback when empty), deepest last. */
  readonly createdDirs: readonly string[];
}

export function journalDir(root: string): string {
  return join(root, ".capkit", "cache", "migrate-journal");
}

export class ApplyError extends Error {
  constructor(message: string, readonly problems: readonly PlanProblem[] = []) {
    super(message);
    this.name = "ApplyError";
  }
}

function readJournal(root: string): Journal | null {
  const file = join(journalDir(root), "journal.json");
  if (!nodeFs.existsSync(file)) return null;
  return JSON.parse(nodeFs.readFileSync(file, "utf8")) as Journal;
}

function rollback(root: string, journal: Journal): void {
  const dir = journalDir(root);
  for (const e of journal.entries) {
    const abs = join(root, e.path);
    if (e.tmp) nodeFs.rmSync(join(root, e.tmp), { force: true });
    if (e.existed && e.backup) writeFileAtomic(abs, nodeFs.readFileSync(join(dir, e.backup)));
    else if (!e.existed) nodeFs.rmSync(abs, { force: true });
  }
  for (const d of [...journal.createdDirs].reverse()) {
    try {
      nodeFs.rmdirSync(join(root, d));
    } catch {
      // not empty (someone else's file) or already gone: leave it
    }
  }
  nodeFs.rmSync(dir, { recursive: true, force: true });
}

/** Roll back an apply that was interrupted (killed); true when there was one. */
export function recoverInterruptedApply(root: string): boolean {
  const journal = readJournal(root);
  if (!journal) {
    nodeFs.rmSync(journalDir(root), { recursive: true, force: true });
    return false;
  }
  rollback(root, journal);
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

export function applyPlan(root: string, changes: readonly FileChange[], fs: ApplyFs = nodeApplyFs): AppliedPlan {
  recoverInterruptedApply(root);
  const dir = journalDir(root);
  nodeFs.mkdirSync(dir, { recursive: true });
  const entries: JournalEntry[] = changes.map((c, i) => {
    const existed = c.kind !== "create";
    const backup = existed ? `${i}.orig` : null;
    if (backup && c.kind !== "create") writeFileAtomic(join(dir, backup), c.before);
    const tmp = c.kind === "delete" ? null : join(dirname(c.path), `.${basename(c.path)}.capkit-migrate.tmp`);
    return { path: c.path, existed, backup, tmp };
  });
  const journal: Journal = { version: 1, pid: process.pid, startedAt: new Date().toISOString(), entries, createdDirs: missingDirs(root, changes.map((c) => c.path)) };
  writeFileAtomic(join(dir, "journal.json"), JSON.stringify(journal, null, 2));
  try {
    for (const d of journal.createdDirs) fs.mkdir(join(root, d));
    changes.forEach((c, i) => {
      const tmp = entries[i]?.tmp;
      if (c.kind !== "delete" && tmp) fs.writeFile(join(root, tmp), c.after);
    });
    changes.forEach((c, i) => {
      const tmp = entries[i]?.tmp;
      if (c.kind === "delete") fs.unlink(join(root, c.path));
      else if (tmp) fs.rename(join(root, tmp), join(root, c.path));
    });
    const problems: PlanProblem[] = [];
    for (const c of changes) {
      if (c.kind === "delete") continue;
      const landed = nodeFs.readFileSync(join(root, c.path), "utf8");
      if (landed !== c.after) problems.push({ path: c.path, line: 1, message: "file on disk differs from the plan after writing" });
      problems.push(...parseProblems(c.path, landed));
    }
    if (problems.length) throw new ApplyError(`written files do not parse: ${problems.map((p) => `${p.path}:${p.line}: ${p.message}`).join("; ")}`, problems);
  } catch (error) {
    rollback(root, journal);
    if (error instanceof ApplyError) throw error;
    throw new ApplyError(`apply failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`);
  }
  let done = false;
  return {
    rollback() {
      if (done) return;
      done = true;
      rollback(root, journal);
    },
    commit() {
      if (done) return;
      done = true;
      nodeFs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
