/**
 * Every file under a root a codemod may see: none inside the folders never scanned
 * (lib/never-scanned.ts). Symlinks are followed once by the one tree walker (lib/tree-walk.ts):
 * a loop ends, a file reached twice is listed once, under its real path when that is in the
 * tree, and a link leading outside the root or into a folder never scanned is not followed,
 * so a codemod never writes there.
 */
import { isNeverScannedDir } from "../../lib/never-scanned.js";
import { walkTree, type WalkRules, type WalkTrace } from "../../lib/tree-walk.js";

const EVERY_FILE: WalkRules = { enters: (_path, name) => !isNeverScannedDir(name), lists: () => true };

/** `aliases`, when given, receives the link paths of files listed under another path (tree-walk.ts). */
export function listTreeFiles(root: string, aliases?: NonNullable<WalkTrace["aliases"]>): string[] {
  const trace: WalkTrace | undefined = aliases ? { folders: [], opaque: false, aliases } : undefined;
  return walkTree(root, [{ base: "", rules: EVERY_FILE }], undefined, Infinity, trace);
}
