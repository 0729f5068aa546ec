/**
 * Checks a plan before anything is written: every path stays inside the root and outside
 * capkit's own folders, a modified or deleted file still has the text the plan was computed
 * from, a created file does not exist yet, and every TypeScript file the plan writes parses.
 * The same parse check runs again on what actually landed on disk after the apply.
 * `realChanges` first moves every change to the real file it would write (symlinks resolved):
 * the journal, the writes and the report then name the real file, a link stays a link, and two
 * changes that are one file through a link are refused instead of one overwriting the other.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { parseTypeScript } from "../../lib/typescript.js";
import type { FileChange } from "../plan.js";

export interface PlanProblem {
  readonly path: string;
  readonly line: number;
  readonly message: string;
}

/** Syntax errors of one TypeScript text (no type checking). */
export function parseProblems(path: string, text: string): PlanProblem[] {
  if (!/\.(c|m)?tsx?$/.test(path)) {
    if (path.endsWith(".json")) {
      try {
        JSON.parse(text);
      } catch (error) {
        return [{ path, line: 1, message: `invalid JSON: ${(error as Error).message}` }];
      }
    }
    return [];
  }
  return parseTypeScript(path, text).errors.map((e) => ({ path, line: e.line, message: e.message }));
}

function leavesRootByName(path: string): boolean {
  return path.startsWith("/") || path.split("/").includes("..") || path.includes("\\");
}

export function validatePlan(root: string, changes: readonly FileChange[]): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const c of changes) {
    if (leavesRootByName(c.path)) {
      problems.push({ path: c.path, line: 1, message: "path leaves the root" });
      continue;
    }
    if (c.path.startsWith(".capkit/") || c.path.startsWith(".git/") || c.path.includes("node_modules/")) {
      problems.push({ path: c.path, line: 1, message: "codemods may not write capkit, git or node_modules files" });
      continue;
    }
    const abs = join(root, c.path);
    const onDisk = existsSync(abs) ? readFileSync(abs, "utf8") : null;
    if (c.kind === "create" && onDisk !== null)
      problems.push({ path: c.path, line: 1, message: "planned as new, but the file exists now (re-run migrate)" });
    if (c.kind !== "create" && onDisk !== c.before)
      problems.push({ path: c.path, line: 1, message: "changed on disk since the plan was computed (re-run migrate)" });
    if (c.kind !== "delete") problems.push(...parseProblems(c.path, c.after));
  }
  return problems;
}

/** The root-relative real path a write to `path` lands on (links resolved), or null outside the root. */
function realTarget(realRoot: string, root: string, path: string): string | null {
  let rest = "";
  for (let p = path; ; p = dirname(p)) {
    try {
      const real = join(realpathSync(join(root, p)), rest);
      const rel = relative(realRoot, real);
      return rel === "" || rel.startsWith("..") || rel.startsWith(sep) ? null : rel.split(sep).join("/");
    } catch {
      if (p === "." || p === "") return null;
      rest = rest ? join(basename(p), rest) : basename(p); // not there yet: resolve its folder
    }
  }
}

export function realChanges(
  root: string,
  changes: readonly FileChange[],
): { changes: FileChange[]; problems: PlanProblem[] } {
  const realRoot = realpathSync(root);
  const problems: PlanProblem[] = [];
  const byReal = new Map<string, string>();
  const out = changes.map((c) => {
    if (leavesRootByName(c.path)) return c; // validatePlan says so
    const real = realTarget(realRoot, root, c.path);
    if (real === null) {
      problems.push({ path: c.path, line: 1, message: "path leaves the root through a symlink" });
      return c;
    }
    const other = byReal.get(real);
    if (other !== undefined)
      problems.push({
        path: c.path,
        line: 1,
        message: `is ${other} through a symlink (real file ${real}): the plan would write it twice; scan.exclude one of the two paths and re-run`,
      });
    byReal.set(real, c.path);
    return real === c.path ? c : { ...c, path: real };
  });
  return { changes: out, problems };
}
