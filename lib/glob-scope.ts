/**
 * The files of a scope whose patterns are outside capkit's glob dialect (`!`, extglobs, escapes,
 * ranges: lib/glob.ts), so that fast-glob must match them, with the symlink rules of every other
 * listing (lib/tree-walk.ts): a link is followed once, loops end, a file reached twice is one
 * file, and no link out of the root or into a folder never scanned is followed.
 *
 * fast-glob globs the real tree through a file-system adapter (its `fs` option) that shows a
 * followable link as the folder or file it leads to and hides every other link: one that
 * dangles, leaves the root, leads into a never-scanned folder, or leads back to a folder already
 * on the way (a loop). So fast-glob decides which folders to enter and what matches, exactly as
 * it would; the adapter decides what exists. A real file listed under several paths is kept once,
 * as the walker keeps it: under its own path if that matched, else the path through the fewest
 * links, then the first in order.
 *
 * Consumers: the inventory's discovery (inventory/scan/discover.ts) and lint's source listing
 * (rules/graph/list-files.ts). A folder that cannot be listed goes to `onUnreadable`.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { relative, resolve, sep } from "node:path";
import fg from "fast-glob";
import { underNeverScannedDir } from "./never-scanned.js";
import type { UnreadableFolder } from "./tree-walk.js";

type Kind = "dir" | "file";

/** A directory entry whose type is what a followed link leads to. */
function entryOf(name: string, kind: Kind) {
  return {
    name,
    isFile: () => kind === "file",
    isDirectory: () => kind === "dir",
    isSymbolicLink: () => false,
    isBlockDevice: () => false,
    isCharacterDevice: () => false,
    isFIFO: () => false,
    isSocket: () => false,
  };
}

const toSlash = (p: string): string => (sep === "/" ? p : p.split(sep).join("/"));

/** fast-glob's adapter over the real tree under `root` with the link rules above (sync forms: fg.sync). */
function linkRulesFs(root: string, onUnreadable?: UnreadableFolder) {
  const realRoot = realOrNull(root) ?? root;
  const reals = new Map<string, string | null>();
  const realOf = (abs: string): string | null => {
    let real = reals.get(abs);
    if (real === undefined) reals.set(abs, (real = realOrNull(abs)));
    return real;
  };
  const insideRoot = (real: string): string | null =>
    real === realRoot ? "" : real.startsWith(realRoot + sep) ? toSlash(real.slice(realRoot.length + 1)) : null;
  /** The real folders on the way from the root to `dir` (a link back to one of them is a loop). */
  const onTheWay = (dir: string): Set<string> => {
    const way = new Set<string>();
    const rel = relative(root, dir);
    const parts = rel ? rel.split(sep) : [];
    for (let i = 0; i <= parts.length; i++) {
      const real = realOf(resolve(root, ...parts.slice(0, i)));
      if (real) way.add(real);
    }
    return way;
  };
  /** What a link in `dir` shows as, or null when it is hidden. */
  const linkKind = (dir: string, name: string): Kind | null => {
    const real = realOf(`${dir}${sep}${name}`);
    if (real === null) return null; // dangling, or a loop of links (ELOOP)
    const rel = insideRoot(real);
    if (rel === null || underNeverScannedDir(rel)) return null;
    let st;
    try {
      st = statSync(real);
    } catch {
      return null;
    }
    if (st.isFile()) return "file";
    if (!st.isDirectory() || onTheWay(dir).has(real)) return null;
    return "dir";
  };
  function readdirAdapted(path: string, options?: { withFileTypes?: boolean }) {
    const dir = resolve(path);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      onUnreadable?.(toSlash(relative(root, dir)), error as NodeJS.ErrnoException);
      throw error;
    }
    const shown = [];
    for (const e of entries) {
      if (!e.isSymbolicLink()) shown.push(e);
      else {
        const kind = linkKind(dir, e.name);
        if (kind) shown.push(entryOf(e.name, kind));
      }
    }
    return options?.withFileTypes ? shown : shown.map((e) => e.name);
  }
  return { readdirSync: readdirAdapted, lstatSync: statSync, statSync };
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** How many links a root-relative path passes through. */
function linksOn(root: string, path: string): number {
  const parts = path.split("/");
  let n = 0;
  for (let i = 1; i <= parts.length; i++) {
    try {
      if (lstatSync(resolve(root, ...parts.slice(0, i))).isSymbolicLink()) n++;
    } catch {
      return Infinity;
    }
  }
  return n;
}

/** Path order segment by segment (`a/b/x` before `a/b-c/x`), the order the walker follows links in. */
function bySegments(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return (x[i] as string) < (y[i] as string) ? -1 : 1;
  }
  return x.length - y.length;
}

/** Each real file once: its own path, else the fewest links, then the first in order. */
function oncePerRealFile(root: string, paths: readonly string[]): string[] {
  const kept = new Map<string, { path: string; links: number }>();
  for (const path of [...paths].sort(bySegments)) {
    const real = realOrNull(resolve(root, path)) ?? path;
    const links = linksOn(root, path.replace(/^\.\//, ""));
    const best = kept.get(real);
    if (!best || links < best.links) kept.set(real, { path, links });
  }
  return [...kept.values()].map((k) => k.path).sort();
}

/** The scope's files, sorted root-relative paths as fast-glob reports them. */
export function globScope(
  root: string,
  scope: { readonly include: readonly string[]; readonly exclude: readonly string[] },
  onUnreadable?: UnreadableFolder,
): string[] {
  const abs = resolve(root);
  const fs = linkRulesFs(abs, onUnreadable) as unknown as NonNullable<fg.Options["fs"]>;
  const listed = fg.sync([...scope.include], {
    cwd: abs,
    ignore: [...scope.exclude],
    onlyFiles: true,
    dot: false,
    followSymbolicLinks: false,
    suppressErrors: true, // an unreadable folder went to onUnreadable; the rest is listed
    fs,
  });
  return oncePerRealFile(abs, listed);
}
