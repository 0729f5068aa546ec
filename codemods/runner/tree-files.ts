/**
 * Every file under a root a codemod may see: none inside the folders never scanned (lib/never-scanned.ts).
 * Symlinks are followed once: a folder reached again (a link to a folder already listed, or a
 * loop back to an ancestor) is not walked twice, and a file reached through a link is listed once,
 * under its real path when that is in the tree. A link leading outside the root is not followed:
 * a codemod must never write there.
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isNeverScannedDir } from "../../lib/never-scanned.js";

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null; // a broken link
  }
}

export function listTreeFiles(root: string): string[] {
  const realRoot = realOrNull(root) ?? root;
  // Inside the root and not in a folder the listing skips (a link into node_modules stays unlisted).
  const inside = (real: string) => {
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return false;
    const parts = relative(realRoot, real).split(sep);
    return !parts.some((p) => isNeverScannedDir(p));
  };
  const files = new Map<string, string>(); // real path → listed path
  const seenDirs = new Set<string>([realRoot]);
  const links: { rel: string; real: string }[] = [];
  const walk = (rel: string, real: string): void => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (isNeverScannedDir(e.name)) continue;
        seenDirs.add(join(real, e.name));
        walk(path, join(real, e.name));
      } else if (e.isFile()) {
        const key = join(real, e.name);
        if (!files.has(key)) files.set(key, path);
      } else if (e.isSymbolicLink()) {
        const target = realOrNull(join(root, path));
        if (target && inside(target)) links.push({ rel: path, real: target });
      }
    }
  };
  walk("", realRoot);
  // Links last, so a file or folder that is in the tree anyway keeps its real path.
  for (let i = 0; i < links.length; i++) {
    const link = links[i] as { rel: string; real: string };
    const name = link.rel.split("/").pop() ?? "";
    if (isNeverScannedDir(name)) continue;
    let isDir = false;
    try {
      isDir = statSync(link.real).isDirectory();
    } catch {
      continue;
    }
    if (!isDir) {
      if (!files.has(link.real)) files.set(link.real, link.rel);
    } else if (!seenDirs.has(link.real)) {
      seenDirs.add(link.real);
      walk(link.rel, link.real); // new links found inside are appended and handled in turn
    }
  }
  return [...files.values()].sort();
}
