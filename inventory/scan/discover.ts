/**
 * Discovery: the files in the inventory's scope (config `scan.include` minus `scan.exclude`),
 * as sorted root-relative paths with `/` separators. Throws EnvironmentError when the root is
 * not a readable directory; a folder inside it that cannot be listed is pushed to `problems`
 * ("cannot read folder: …"), which makes the scan incomplete: its files are missing from every count.
 *
 * A synchronous hand walker lists them (lib/scope-walk.ts), faster than fast-glob on large trees
 * and without importing it (bench/inventory measures both). It applies fast-glob's own rules
 * (lib/scope-rules.ts) and follows symlinks once (lib/tree-walk.ts: loops end, a file reached
 * twice is listed once). fast-glob still matches when a pattern is outside capkit's glob dialect
 * (`!`, extglobs, escapes, ranges: lib/glob.ts) or is a `./`-prefixed include, over the tree the
 * same walker lists (lib/glob-scope.ts), so symlinks are followed by the same rules.
 */
import { statSync } from "node:fs";
import { EnvironmentError } from "../../lib/errors.js";
import type { ScanProblem } from "../types.js";
import { scopeWalkProblem } from "../../lib/scope-rules.js";
import { walkScope } from "../../lib/scope-walk.js";
import type { WalkTrace } from "../../lib/tree-walk.js";
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

/** `trace`: what the walk went through (lib/tree-walk.ts), for the scan's warm listing; fast-glob's listing leaves it opaque. */
export async function discoverFiles(
  root: string,
  scope: ScanScope,
  problems: ScanProblem[] = [],
  trace?: WalkTrace,
): Promise<string[]> {
  assertReadableRoot(root);
  if (scopeWalkProblem(scope) !== null) {
    if (trace) trace.opaque = true;
    return globFiles(root, scope, problems);
  }
  return walkScope(root, scope, (rel, error) => folderProblem(rel, error, problems), trace);
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

/** fast-glob's listing over the walked tree, for scopes the dialect walker does not support (fast-glob loaded only then: importing it is not free). */
export async function globFiles(root: string, scope: ScanScope, problems: ScanProblem[] = []): Promise<string[]> {
  const { globScope } = await import("../../lib/glob-scope.js");
  return globScope(root, scope, (rel, error) => folderProblem(rel, error, problems));
}
