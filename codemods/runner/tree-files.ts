/** Every file under a root a codemod may see: none inside the folders never scanned (lib/never-scanned.ts). */
import fg from "fast-glob";
import { NEVER_SCANNED_GLOBS } from "../../lib/never-scanned.js";

export function listTreeFiles(root: string): string[] {
  return fg.sync("**/*", { cwd: root, dot: true, onlyFiles: true, ignore: [...NEVER_SCANNED_GLOBS] });
}
