/**
 * Every TypeScript source file `capkit lint` and the graph rules look at: .ts/.tsx/.mts/.cts
 * under the root, minus declaration files, the folders never scanned (lib/never-scanned.ts:
 * node_modules, build output, .git, .capkit, …) and the config's `ignore` globs. Returns root-relative `/` paths, sorted.
 * The inventory's walker lists them (lib/scope-walk.ts: fast-glob's rules, symlinks followed
 * once, so a loop ends and a file reached twice is linted once); fast-glob itself only when
 * an `ignore` glob is outside capkit's dialect (lib/glob.ts), and then symlinks are not followed.
 */
import { relative, sep } from "node:path";
import fg from "fast-glob";
import { NEVER_SCANNED_GLOBS } from "../../lib/never-scanned.js";
import { scopeWalkProblem } from "../../lib/scope-rules.js";
import { walkScope } from "../../lib/scope-walk.js";
import { folderProblemMessage } from "../../lib/unscanned.js";
import type { UnreadablePath } from "./module-graph.js";

export const ALWAYS_IGNORED = [...NEVER_SCANNED_GLOBS, "**/*.d.ts", "**/*.d.mts", "**/*.d.cts"];

/**
 * `unreadable` receives each folder that could not be listed (fast-glob stops at the first one:
 * it is named, and the rest of the tree is listed without it).
 */
export function listSourceFiles(
  root: string,
  ignore: readonly string[] = [],
  unreadable: UnreadablePath[] = [],
): string[] {
  const scope = { include: [PATTERN], exclude: [...ALWAYS_IGNORED, ...ignore] };
  if (scopeWalkProblem(scope) === null) {
    return walkScope(root, scope, (file, error) => {
      if (error.code !== "ENOENT" && error.code !== "ENOTDIR")
        unreadable.push({ file: file || ".", message: folderProblemMessage(error.code ?? error.message) });
    });
  }
  const options = { cwd: root, ignore: scope.exclude, dot: false, followSymbolicLinks: false };
  try {
    return fg.sync([PATTERN], { ...options, suppressErrors: false }).sort();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (typeof e.code !== "string") throw error;
    unreadable.push({
      file: e.path ? relative(root, e.path).split(sep).join("/") || "." : ".",
      message: folderProblemMessage(e.code),
    });
    return fg.sync([PATTERN], { ...options, suppressErrors: true }).sort();
  }
}

const PATTERN = "**/*.{ts,tsx,mts,cts}";
