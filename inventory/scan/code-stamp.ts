/**
 * inventoryCodeStamp(): capkit's own code, for the keys of the caches that never leave the
 * machine (the stat cache, its listing and the warm result: CI turns them off): every code file
 * of inventory/ and lib/, by what `stat` says of each, a stat a file and no read. Taken once a
 * process. The facts cache, which CI restores onto a fresh install, is keyed by content instead
 * (extract/code-hash.ts). When the sources cannot be listed, the stamp is unique to the process,
 * so nothing is reused across processes.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { CODE_ROOT } from "../../lib/package-layout.js";
import { textHash } from "../../lib/text-hash.js";
import { typescriptManifest } from "../../lib/typescript.js";

let known: string | undefined;

/**
 * A short hash of the files' paths and stats (size, mtime, ctime, inode): it moves when a file is
 * rewritten, added, removed or renamed. The ctime is there because an install or a checkout
 * may give files fixed mtimes (npm dates every packed file the same); writing a file always
 * moves its ctime. Stable only on the machine that took it.
 */
export function statStamp(paths: readonly string[]): string {
  let lines = "";
  for (const path of paths) {
    const st = statSync(path);
    lines += `${path}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}\n`;
  }
  return textHash(lines);
}

const CODE_FILE = /\.[cm]?[tj]s$/;
const NOT_CODE = /\.test\.[cm]?[tj]s$|\.d\.ts$/;
const NOT_CODE_DIR = new Set(["__fixtures__", "__testfixtures__", "test-support", "node_modules"]);

/** The code files under `dir`, sorted (tests, declarations, fixtures and test helpers left out). */
export function codeFilesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true });
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!NOT_CODE_DIR.has(e.name)) walk(join(folder, e.name));
      } else if (CODE_FILE.test(e.name) && !NOT_CODE.test(e.name)) out.push(join(folder, e.name));
    }
  };
  walk(dir);
  return out.sort();
}

/** The stat stamp of every code file of capkit's inventory/ and lib/ folders (the code a scan runs). */
export function inventoryCodeStamp(): string {
  if (known !== undefined) return known;
  // By the code root, not this module's own folder: the CLI may run from its bundle (dist/cli/).
  const inventory = join(CODE_ROOT, "inventory");
  let stamp: string;
  try {
    // TypeScript's package.json too: an upgrade may parse the same text differently.
    const manifest = typescriptManifest();
    stamp = statStamp([
      ...codeFilesUnder(inventory),
      ...codeFilesUnder(join(inventory, "..", "lib")),
      ...(manifest ? [manifest] : []),
    ]);
  } catch {
    stamp = `${process.pid}-${Date.now()}`;
  }
  known = stamp;
  return stamp;
}
