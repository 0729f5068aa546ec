/**
 * Root-relative glob matching for seam and spec configuration: capkit's glob dialect
 * (./glob.ts) with `dot: true`, so `**` covers dot folders too, and lists with `!` exclusions.
 * Consumed by config/seam-sides.ts, the lint's rules and the codemods that ask which side of
 * a seam a file is on; it lives in lib/ so those jobs share it without importing each other.
 */
import { globToRegExp as compileGlob } from "./glob.js";

export function globToRegExp(glob: string): RegExp {
  return compileGlob(glob, { dot: true });
}

/**
 * True when the root-relative path matches a glob of the list and no `!`-prefixed exclusion
 * (e.g. ["runtime/**", "!runtime/sandbox/**"]).
 */
export function matchesAny(path: string, globs: readonly string[]): boolean {
  let hit = false;
  for (const g of globs) {
    if (g.startsWith("!")) {
      if (globToRegExp(g.slice(1)).test(path)) return false;
    } else if (!hit && globToRegExp(g).test(path)) hit = true;
  }
  return hit;
}
