/**
 * What migrate checks before and after planning, each throwing the error the user sees: an
 * interrupted apply (rolled back first), git and a dirty tree, an incomplete scan, and an
 * invalid plan.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { InventoryResult } from "../../inventory/types.js";
import type { FileChange, UnitResult } from "../plan.js";
import { isUnreadableProblem } from "../../inventory/index.js";
import { CapkitError, EnvironmentError } from "../../lib/errors.js";
import { unscannedCount, unscannedPaths } from "../../lib/unscanned.js";
import type { ApplyFs } from "./apply.js";
import { dirtyPaths, isGitRepo } from "./migrate-git.js";
import { findJournal, interruptedMigrateError, removeFinishedJournals, rollbackJournal } from "./journal.js";
import type { MigrateOptions } from "./migrate.js";

export const NO_GIT_NOTICE =
  "--no-git: this tree is not a git repository, so migrate cannot check for uncommitted edits before writing, and nothing but the journal (which only undoes a failed apply) can take the change back";

/** The guards before anything is planned: an interrupted apply, git, a dirty tree. */
export function guardTree(root: string, opts: MigrateOptions, fs: ApplyFs): boolean {
  const dryRun = opts.dryRun ?? false;
  let recovered = false;
  const found = findJournal(root);
  if (found) {
    if (dryRun)
      throw interruptedMigrateError(root) ?? new EnvironmentError("an interrupted migrate left a journal behind");
    opts.onProgress?.({ phase: "recover", done: 0, total: 1 });
    const restored = rollbackJournal(root, found, { fs });
    opts.onNotice?.(
      `rolled back an interrupted capkit migrate (pid ${found.journal.pid}, started ${found.journal.startedAt}) first: ${restored.length} file${restored.length === 1 ? "" : "s"} restored${restored.length ? ` (${restored.slice(0, 5).join(", ")}${restored.length > 5 ? ", …" : ""})` : ""}`,
    );
    recovered = true;
  }
  if (!dryRun) removeFinishedJournals(root, fs);
  if (dryRun) return recovered;
  if (!isGitRepo(root)) {
    if (!opts.noGit) {
      throw new EnvironmentError(
        `${root} is not inside a git repository: migrate cannot check for uncommitted edits, and you could not review or revert its change with git`,
        {
          hint: "run it in a git checkout (git init && git add -A && git commit), or pass --no-git to apply anyway without those protections",
        },
      );
    }
    opts.onNotice?.(NO_GIT_NOTICE);
    return recovered;
  }
  if (!opts.allowDirty) {
    const dirty = dirtyPaths(root);
    if (dirty.length) {
      throw new EnvironmentError(
        `the git tree has uncommitted changes (${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? `, … ${dirty.length - 5} more` : ""})`,
        { hint: "commit or stash them first, or pass --allow-dirty" },
      );
    }
  }
  return recovered;
}

/** A migrate on an incomplete scan would plan from a partial tree: name what could not be read. */
export function assertReadable(inventory: InventoryResult): void {
  const unreadable = inventory.problems.filter(isUnreadableProblem);
  if (!unreadable.length) return;
  const names = unreadable
    .slice(0, 5)
    .map((p) => `${p.file} (${p.message})`)
    .join(", ");
  throw new EnvironmentError(
    `the scan could not read ${unscannedCount(unscannedPaths(unreadable))}: ${names}${unreadable.length > 5 ? ", …" : ""}; nothing was planned`,
    {
      file: unreadable[0]?.file,
      hint: "make them readable to this user (or exclude them with scan.exclude in capkit.config.json) and run migrate again",
    },
  );
}

/**
 * A file that does not parse cannot have its imports and call sites rewritten: when it names a
 * class this run converts (or any class of a file it deletes: a flattened base), applying would
 * leave it importing what the run removed. Refuse, naming the file, its syntax error and the
 * classes; a broken file that names none of them does not stop the run.
 */
export function assertParsedCallers(
  root: string,
  inventory: InventoryResult,
  units: readonly UnitResult[],
  changes: readonly FileChange[],
): void {
  const broken = inventory.problems.filter((p) => !isUnreadableProblem(p));
  if (!broken.length) return;
  const converted = units.filter((u) => u.codemod === "tool-class-to-capability" && u.outcome === "changed");
  const deleted = new Set(changes.filter((c) => c.kind === "delete").map((c) => c.path));
  const names = new Set(converted.map((u) => u.unit));
  for (const c of inventory.classes) if (c.name && deleted.has(c.file)) names.add(c.name);
  if (!names.size) return;
  const escaped = [...names].map((n) => n.replace(/\$/g, "\\$"));
  const nameRe = new RegExp(`(?<![\\w$])(?:${escaped.join("|")})(?![\\w$])`, "g");
  const hits: string[] = [];
  for (const p of broken) {
    let text: string;
    try {
      text = readFileSync(join(root, p.file), "utf8");
    } catch {
      continue;
    }
    const named = [...new Set(text.match(nameRe) ?? [])];
    if (named.length)
      hits.push(
        `${p.file}:${p.line}:${p.column} (${p.message}) names ${named.slice(0, 5).join(", ")}${named.length > 5 ? ", …" : ""}`,
      );
  }
  if (!hits.length) return;
  throw new EnvironmentError(
    `${hits.length === 1 ? "a file that does not parse names" : `${hits.length} files that do not parse name`} classes this migrate converts, so their imports and call sites could not be rewritten: ${hits.join("; ")}; nothing was written`,
    {
      file: broken.find((p) => hits.some((h) => h.startsWith(`${p.file}:`)))?.file,
      hint: "fix the syntax error (capkit inventory lists it) and run migrate again, or migrate another namespace first",
    },
  );
}

export function assertValidPlan(problems: readonly { path: string; line: number; message: string }[]): void {
  if (problems.length === 0) return;
  throw new CapkitError(
    `the plan is invalid, nothing was written: ${problems.map((p) => `${p.path}:${p.line}: ${p.message}`).join("; ")}`,
    1,
    {
      file: problems[0]?.path,
      line: problems[0]?.line,
      hint: "report this with the files named; run with --dry-run to see the plan",
    },
  );
}
