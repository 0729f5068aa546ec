/**
 * Checks a plan before anything is written: every path stays inside the root and outside
 * capkit's own folders, a modified or deleted file still has the text the plan was computed
 * from, a created file does not exist yet, and every TypeScript file the plan writes parses.
 * The same parse check runs again on what actually landed on disk after the apply.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

export function validatePlan(root: string, changes: readonly FileChange[]): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const c of changes) {
    if (c.path.startsWith("/") || c.path.split("/").includes("..") || c.path.includes("\\")) {
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
