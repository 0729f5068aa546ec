/**
 * The folders capkit never reads in a target tree, whichever job is walking it: installed
 * dependencies, build output, coverage, version control and capkit's own state. One list, so
 * the inventory's default scope, the lint's file listing, the codemods' view of the tree and
 * the workspace package walk agree on what is not source.
 */

/** Folder names (any depth) that are never source. */
export const NEVER_SCANNED_DIRS = [
  "node_modules",
  "dist",
  "build",
  "out",
  "coverage",
  ".next",
  ".git",
  ".capkit",
] as const;

/** The same folders as fast-glob / lib/glob.ts ignore patterns (`**\/<dir>/**`). */
export const NEVER_SCANNED_GLOBS: readonly string[] = NEVER_SCANNED_DIRS.map((dir) => `**/${dir}/**`);

const DIRS: ReadonlySet<string> = new Set(NEVER_SCANNED_DIRS);

/** True for a folder name of the list (`dist`, `.git`, …). */
export function isNeverScannedDir(name: string): boolean {
  return DIRS.has(name);
}

/** True when a root-relative `/` path lies inside (or names) one of the folders. */
export function underNeverScannedDir(path: string): boolean {
  return path.split("/").some((segment) => DIRS.has(segment));
}
