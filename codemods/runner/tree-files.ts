/**
 * Every file under a root a codemod may see: none inside the folders never scanned
 * (lib/never-scanned.ts). Symlinks are followed once by the one tree walker (lib/tree-walk.ts):
 * a loop ends, a file reached twice is listed once, under its real path when that is in the
 * tree, and a link leading outside the root or into a folder never scanned is not followed,
 * so a codemod never writes there.
 */
import { isNeverScannedDir } from "../../lib/never-scanned.js";
import { walkTree, type WalkRules } from "../../lib/tree-walk.js";

const EVERY_FILE: WalkRules = { enters: (_path, name) => !isNeverScannedDir(name), lists: () => true };

export function listTreeFiles(root: string): string[] {
  return walkTree(root, [{ base: "", rules: EVERY_FILE }]);
}
