/**
 * Every TypeScript source file `capkit lint` and the graph rules look at: .ts/.tsx/.mts/.cts
 * under the root, minus declaration files, the folders never scanned (lib/never-scanned.ts:
 * node_modules, build output, .git, .capkit, …) and the config's `ignore` globs. Returns root-relative `/` paths, sorted.
 * The inventory's walker lists them (lib/scope-walk.ts: fast-glob's rules, symlinks followed
 * once, so a loop ends and a file reached twice is linted once); when an `ignore` glob is outside
 * capkit's dialect (lib/glob.ts), fast-glob matches over the tree the same walker lists
 * (lib/glob-scope.ts), so symlinks follow the same rules.
 */
import { globScope } from "../../lib/glob-scope.js";
import { NEVER_SCANNED_GLOBS } from "../../lib/never-scanned.js";
import { scopeWalkProblem } from "../../lib/scope-rules.js";
import { walkScope } from "../../lib/scope-walk.js";
import { folderProblemMessage } from "../../lib/unscanned.js";
import type { UnreadablePath } from "./import-graph.js";

export const ALWAYS_IGNORED = [...NEVER_SCANNED_GLOBS, "**/*.d.ts", "**/*.d.mts", "**/*.d.cts"];

/** `unreadable` receives each folder that could not be listed; the rest of the tree is listed without it. */
export function listSourceFiles(
  root: string,
  ignore: readonly string[] = [],
  unreadable: UnreadablePath[] = [],
): string[] {
  const scope = { include: [PATTERN], exclude: [...ALWAYS_IGNORED, ...ignore] };
  const onUnreadable = (file: string, error: NodeJS.ErrnoException): void => {
    if (error.code !== "ENOENT" && error.code !== "ENOTDIR")
      unreadable.push({ file: file || ".", message: folderProblemMessage(error.code ?? error.message) });
  };
  return scopeWalkProblem(scope) === null ? walkScope(root, scope, onUnreadable) : globScope(root, scope, onUnreadable);
}

const PATTERN = "**/*.{ts,tsx,mts,cts}";
