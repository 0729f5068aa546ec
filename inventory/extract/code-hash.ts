/**
 * Hashes of capkit's own code, for the versions of caches whose entries that code computed:
 *   extractorCodeHash()  the modules of inventory/extract/ (tests left out), by content: the
 *                        scan's facts cache and the history backfill's carry it, so facts made by
 *                        other extractor code are never reused, even when a change forgot to bump
 *                        FACTS_VERSION. By content because CI restores the facts cache onto a
 *                        fresh install, whose files have new stats;
 *   inventoryCodeStamp() every code file of inventory/ and lib/, by what `stat` says of each (a
 *                        stat a file, no read): for the caches that never leave the machine,
 *                        the stat cache and the warm result kept with it (CI turns them off);
 *   hashSources(name, paths)  any list of source files, by content.
 * Each is taken once per process. When the sources are not beside the modules (an unusual
 * install), the hash is unique to the process, so nothing is reused across processes.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const memo = new Map<string, string>();

const unique = () => `${process.pid}-${Date.now()}`;

/** A short hash of the files `paths()` lists (absolute), memoised under `name`. */
export function hashSources(name: string, paths: () => readonly string[]): string {
  const known = memo.get(name);
  if (known !== undefined) return known;
  let hash: string;
  try {
    const h = createHash("sha1");
    for (const path of paths()) h.update(basename(path)).update(readFileSync(path));
    hash = h.digest("hex").slice(0, 12);
  } catch {
    hash = unique();
  }
  memo.set(name, hash);
  return hash;
}

/**
 * A short hash of the files' paths and stats (size, mtime, ctime, inode): it moves when a file is
 * rewritten, added, removed or renamed. The ctime is there because an install or a checkout
 * may give files fixed mtimes (npm dates every packed file the same); writing a file always
 * moves its ctime. Stable only on the machine that took it.
 */
export function statStamp(paths: readonly string[]): string {
  const h = createHash("sha1");
  for (const path of paths) {
    const st = statSync(path);
    h.update(`${path}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}\n`);
  }
  return h.digest("hex").slice(0, 12);
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
  const known = memo.get("inventory code stamp");
  if (known !== undefined) return known;
  const inventory = join(dirname(fileURLToPath(import.meta.url)), "..");
  let stamp: string;
  try {
    stamp = statStamp([...codeFilesUnder(inventory), ...codeFilesUnder(join(inventory, "..", "lib"))]);
  } catch {
    stamp = unique();
  }
  memo.set("inventory code stamp", stamp);
  return stamp;
}

export function extractorCodeHash(): string {
  const dir = dirname(fileURLToPath(import.meta.url));
  return hashSources("extractor", () =>
    readdirSync(dir)
      .filter((f) => /\.[cm]?[tj]s$/.test(f) && !/\.test\.[cm]?[tj]s$/.test(f))
      .sort()
      .map((f) => join(dir, f)),
  );
}
