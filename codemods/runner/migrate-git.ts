/**
 * Git facts and actions for `capkit migrate`: which tracked or untracked paths are dirty (capkit's
 * own `.capkit/results`, `.capkit/cache`, migrate journal and lock never count), and one commit per namespace.
 */
import { execFileSync } from "node:child_process";

function git(root: string, args: readonly string[]): string {
  return execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export function isGitRepo(root: string): boolean {
  try {
    return git(root, ["rev-parse", "--is-inside-work-tree"]).trim() === "true";
  } catch {
    return false;
  }
}

const IGNORED = [
  /^\.capkit\/results\//,
  /^\.capkit\/cache\//,
  /^\.capkit\/\.gitignore$/,
  /^\.capkit\/migrate-journal\//,
  /^\.capkit\/migrate\.lock/,
];

/** Root-relative dirty paths (modified, staged, untracked); [] outside a git repo. */
export function dirtyPaths(root: string): string[] {
  if (!isGitRepo(root)) return [];
  const prefix = git(root, ["rev-parse", "--show-prefix"]).trim();
  const out = git(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."]);
  const paths: string[] = [];
  const entries = out.split("\0").filter(Boolean);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? "";
    const status = entry.slice(0, 2);
    const path = entry.slice(3);
    if (status.startsWith("R") || status.startsWith("C")) i += 1; // the next entry is the source path
    const rel = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    if (!IGNORED.some((re) => re.test(rel))) paths.push(rel);
  }
  return paths;
}

/** Stage exactly `paths` (root-relative, deletions included) and commit them. Returns the new commit id. */
export function commitPaths(root: string, paths: readonly string[], message: string): string {
  git(root, ["add", "-A", "--", ...paths]);
  git(root, ["commit", "-q", "-m", message, "--", ...paths]);
  return git(root, ["rev-parse", "HEAD"]).trim();
}
