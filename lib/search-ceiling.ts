/**
 * How far up from a folder capkit looks for the tree it was set up on (capkit.config.json or
 * its committed state): the git repository's top; outside git, the workspace root above (a
 * package.json with `workspaces`, pnpm-workspace.yaml or lerna.json), else the nearest folder
 * with a package.json, else the folder itself. Never the home folder, the temp folder or the
 * filesystem root, nor anything above them: a stray capkit.config.json in /tmp or in a home
 * folder belongs to no project, and taking it made a command scan that whole folder.
 */
import { existsSync, realpathSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readWorkspaceGlobs } from "./workspace-globs.js";

export interface SearchCeiling {
  /** The highest folder the search may take. */
  readonly dir: string;
  /** Why it stops there, for a note: "the git repository's top", "the package at …". */
  readonly why: string;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Folders no search goes into or past (a test passes its own home). */
function barriers(home: string): Set<string> {
  return new Set([resolve(home), real(home), resolve(tmpdir()), real(tmpdir())]);
}

const isAbove = (dir: string, barrier: string) => barrier.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** `start` and its parents, nearest first, stopping below a barrier (or at the filesystem root). */
function ancestors(start: string, home: string): string[] {
  const stops = barriers(home);
  const out: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const atBarrier = stops.has(dir) || [...stops].some((b) => isAbove(dir, b)) || dirname(dir) === dir;
    if (atBarrier && out.length > 0) return out;
    out.push(dir);
    if (atBarrier) return out;
  }
}

export function searchCeiling(start: string, home: string = homedir()): SearchCeiling {
  const dirs = ancestors(start, home);
  const git = dirs.find((d) => existsSync(join(d, ".git")));
  if (git) return { dir: git, why: "the git repository's top" };
  const workspace = dirs.find((d) => readWorkspaceGlobs(d).source !== "default");
  if (workspace) return { dir: workspace, why: `the workspace root at ${workspace} (no git repository)` };
  const pkg = dirs.find((d) => existsSync(join(d, "package.json")));
  if (pkg) return { dir: pkg, why: `the package at ${pkg} (no git repository)` };
  return { dir: resolve(start), why: "this folder (no git repository or package.json above it)" };
}

/** `start` and its parents up to the ceiling, nearest first. */
export function foldersUpTo(start: string, ceiling: string): string[] {
  const out: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    out.push(dir);
    if (dir === ceiling || dirname(dir) === dir) return out;
  }
}
