/**
 * Every TypeScript source file `capkit lint` and the graph rules look at: .ts/.tsx/.mts/.cts
 * under the root, minus declaration files, the folders never scanned (lib/never-scanned.ts:
 * node_modules, build output, .git, .capkit, …) and the config's `ignore` globs. Returns root-relative `/` paths, sorted.
 */
import fg from "fast-glob";
import { NEVER_SCANNED_GLOBS } from "../../lib/never-scanned.js";

export const ALWAYS_IGNORED = [
  ...NEVER_SCANNED_GLOBS,
  "**/*.d.ts",
  "**/*.d.mts",
  "**/*.d.cts",
];

export function listSourceFiles(root: string, ignore: readonly string[] = []): string[] {
  return fg
    .sync(["**/*.{ts,tsx,mts,cts}"], { cwd: root, ignore: [...ALWAYS_IGNORED, ...ignore], dot: false, followSymbolicLinks: false })
    .sort();
}
