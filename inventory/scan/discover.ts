/**
 * Discovery: the files in the inventory's scope (config `scan.include` minus `scan.exclude`),
 * as sorted root-relative paths with `/` separators. Throws EnvironmentError when the root is
 * not a readable directory; a folder inside it that cannot be listed is pushed to `problems`
 * ("cannot read folder: …"), which makes the scan incomplete: its files are missing from every count.
 *
 * A synchronous hand walker lists them (lib/scope-walk.ts), faster than fast-glob on large trees
 * and without importing it (bench/inventory measures both). It applies fast-glob's own rules
 * (lib/scope-rules.ts) and follows symlinks once (lib/tree-walk.ts: loops end, a file reached
 * twice is listed once). fast-glob is still used when a pattern is outside capkit's glob dialect
 * (`!`, extglobs, escapes, ranges: lib/glob.ts) or is a `./`-prefixed include; it does not follow
 * symlinks (it has no loop guard).
 */
import { statSync } from "node:fs";
import { relative, sep } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import type { ScanProblem } from "../types.js";
import { scopeWalkProblem } from "../../lib/scope-rules.js";
import { walkScope } from "../../lib/scope-walk.js";
import { folderProblemMessage } from "../../lib/unscanned.js";

export interface ScanScope {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export function assertReadableRoot(root: string): void {
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch (error) {
    throw new EnvironmentError(
      `cannot read the root ${root}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      {
        hint: "pass an existing directory: capkit inventory <root>",
      },
    );
  }
  if (!isDir)
    throw new EnvironmentError(`the root ${root} is not a directory`, { hint: "pass the repository root directory" });
}

export async function discoverFiles(root: string, scope: ScanScope, problems: ScanProblem[] = []): Promise<string[]> {
  assertReadableRoot(root);
  if (scopeWalkProblem(scope) !== null) return globFiles(root, scope, problems);
  return walkFiles(root, scope, problems);
}

/** A folder that could not be listed (EACCES, EIO…); a folder that vanished mid-walk is not a problem. */
function folderProblem(rel: string, error: unknown, problems: ScanProblem[]): void {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return;
  problems.push({
    file: rel || ".",
    line: 0,
    column: 0,
    message: folderProblemMessage(code ?? (error as Error).message),
  });
}

/** A problem that is a file or folder the scan could not read (not a syntax error). */
export function isUnreadableProblem(p: ScanProblem): boolean {
  return p.message.startsWith("cannot read");
}

/** The fast-glob listing, for scopes the walker does not support (loaded only then: importing it is not free); the walker's tests compare against it. */
export async function globFiles(root: string, scope: ScanScope, problems: ScanProblem[] = []): Promise<string[]> {
  const { default: fg } = await import("fast-glob");
  const options = { cwd: root, ignore: [...scope.exclude], onlyFiles: true, dot: false, followSymbolicLinks: false };
  try {
    return (await fg([...scope.include], { ...options, suppressErrors: false })).sort();
  } catch (error) {
    // fast-glob stops at the first unreadable folder: report it, and list what can be listed.
    const path = (error as NodeJS.ErrnoException).path;
    folderProblem(path ? relative(root, path).split(sep).join("/") : ".", error, problems);
    return (await fg([...scope.include], { ...options, suppressErrors: true })).sort();
  }
}

/** The same listing by a synchronous walk (symlinks followed once); the scope must pass `scopeWalkProblem`. */
function walkFiles(root: string, scope: ScanScope, problems: ScanProblem[]): string[] {
  return walkScope(root, scope, (rel, error) => folderProblem(rel, error, problems));
}
