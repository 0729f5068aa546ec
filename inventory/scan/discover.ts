/**
 * Discovery: the files in the inventory's scope (config `scan.include` minus `scan.exclude`),
 * as sorted root-relative paths with `/` separators. Throws EnvironmentError when the root is
 * not a readable directory.
 */
import { statSync } from "node:fs";
import fg from "fast-glob";
import { EnvironmentError } from "../../lib/errors.js";

export interface ScanScope {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export function assertReadableRoot(root: string): void {
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch (error) {
    throw new EnvironmentError(`cannot read the root ${root}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      hint: "pass an existing directory: capkit inventory <root>",
    });
  }
  if (!isDir) throw new EnvironmentError(`the root ${root} is not a directory`, { hint: "pass the repository root directory" });
}

export async function discoverFiles(root: string, scope: ScanScope): Promise<string[]> {
  assertReadableRoot(root);
  const files = await fg([...scope.include], {
    cwd: root,
    ignore: [...scope.exclude],
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
    suppressErrors: true,
  });
  return files.sort();
}
