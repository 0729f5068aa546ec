/** Every file under a root a codemod may see: no node_modules, .git, .capkit or dist folders. */
import fg from "fast-glob";

export function listTreeFiles(root: string): string[] {
  return fg.sync("**/*", { cwd: root, dot: true, onlyFiles: true, ignore: ["**/node_modules/**", ".git/**", "**/.git/**", ".capkit/**", "**/dist/**"] });
}
