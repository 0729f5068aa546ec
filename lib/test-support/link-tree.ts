/** Test helper: a temp tree of small source files plus symlinks (link path → target as written). */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Makes the tree under a new temp folder named `prefix…`, records it in `temps` (for cleanup), returns its root. */
export function linkTree(
  prefix: string,
  temps: string[],
  files: readonly string[],
  links: Record<string, string>,
): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  temps.push(root);
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), "export {};\n");
  }
  for (const [link, target] of Object.entries(links)) symlinkSync(target, join(root, link));
  return root;
}
