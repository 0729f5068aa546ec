/**
 * The scan scope (config `scan.include` / `scan.exclude`) applied to paths listed from a git
 * tree, where there is no file system to glob. It uses the live scan's own rules
 * (lib/scope-rules.ts), so a backfilled commit counts exactly the files a scan of
 * that checkout would: includes match with `dot: false` (a dot folder such as `.github/` or
 * `packages/.cache/` is out of scope unless a pattern names it), excludes with `dot: true`.
 * Until this was shared, history matched dotfiles while the live scan skipped them.
 * Also derives the static folders the patterns live under, to narrow `git ls-tree`.
 */
import { globToRegExp as compileGlob } from "../../lib/glob.js";
import { scopeFolders, scopePathMatcher } from "../../lib/scope-rules.js";

/** One include pattern as the scan matches it (`dot: false`). */
export function globToRegExp(glob: string): RegExp {
  return compileGlob(glob, { dot: false });
}

export interface Scope {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export function scopeMatcher(scope: Scope): (path: string) => boolean {
  return scopePathMatcher(scope);
}

/** The literal leading folders of the include patterns ("packages" for `packages/**`); [] when any starts with a glob. */
export function staticFolders(scope: Scope): string[] {
  return scopeFolders(scope);
}
