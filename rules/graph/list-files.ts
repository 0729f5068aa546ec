/**
 * Every TypeScript source file `capkit lint` and the graph rules look at: .ts/.tsx/.mts/.cts
 * under the root, minus declaration files, the folders never scanned (lib/never-scanned.ts:
 * node_modules, build output, .git, .capkit, …) and the config's `ignore` globs. Returns root-relative `/` paths, sorted.
 */
import { relative, sep } from "node:path";
import fg from "fast-glob";
import { NEVER_SCANNED_GLOBS } from "../../lib/never-scanned.js";
import type { UnreadablePath } from "./module-graph.js";

export const ALWAYS_IGNORED = [...NEVER_SCANNED_GLOBS, "**/*.d.ts", "**/*.d.mts", "**/*.d.cts"];

/**
 * `unreadable` receives a folder that could not be listed (fast-glob stops at the first one:
 * it is named, and the rest of the tree is listed without it).
 */
export function listSourceFiles(
  root: string,
  ignore: readonly string[] = [],
  unreadable: UnreadablePath[] = [],
): string[] {
  const options = { cwd: root, ignore: [...ALWAYS_IGNORED, ...ignore], dot: false, followSymbolicLinks: false };
  try {
    return fg.sync([PATTERN], { ...options, suppressErrors: false }).sort();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (typeof e.code !== "string") throw error;
    unreadable.push({
      file: e.path ? relative(root, e.path).split(sep).join("/") || "." : ".",
      message: `cannot read folder: ${e.code}`,
    });
    return fg.sync([PATTERN], { ...options, suppressErrors: true }).sort();
  }
}

const PATTERN = "**/*.{ts,tsx,mts,cts}";
