/**
 * The one tree walker. Every job that lists files under a root walks through it (the inventory's
 * scan scope and lint's source files via lib/scope-walk.ts, the tree a codemod sees via
 * codemods/runner/tree-files.ts), so they agree on symlinks:
 * - a symlink to a folder or a file is followed once;
 * - each real folder is walked at most once: a second link to a folder already walked is not
 *   entered again, and a link back to an ancestor of its own folder (a loop) is never entered,
 *   even when the walk started below that ancestor;
 * - a file reached twice is listed once: under its own path when a walk without links reaches
 *   it, otherwise under the first link path that does (links are followed after the plain walk,
 *   those reached through fewer links first, then in path order), so the choice is stable;
 * - a link that dangles, leads outside the root or into a folder never scanned
 *   (lib/never-scanned.ts) is not followed: a codemod must never write there. A start folder
 *   that is itself a link is followed wherever it leads, as fast-glob follows a pattern's base.
 * The caller's rules decide which folders are entered and which files listed, by the path the
 * walk reached them under. Takes the root and the start folders; returns sorted root-relative
 * `/` paths. A folder that cannot be listed goes to `onUnreadable` (ENOENT included: a folder
 * may vanish mid-walk, the caller decides what matters).
 */
import { readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { resolve, sep } from "node:path";
import { underNeverScannedDir } from "./never-scanned.js";

export interface WalkRules {
  /** Enter this folder? (its root-relative path and name; never asked for a start folder) */
  enters(path: string, name: string): boolean;
  /** List this file? */
  lists(path: string, name: string): boolean;
}

export interface WalkStart {
  /** Root-relative folder ("" for the root). */
  readonly base: string;
  readonly rules: WalkRules;
}

export type UnreadableFolder = (path: string, error: NodeJS.ErrnoException) => void;

/**
 * What a walk went through, for a caller that wants to tell later, by stat-ing folders, whether
 * the listing can have changed: the folders it listed, in order (for a folder that is missing,
 * its nearest existing ancestor), and whether anything else shaped the listing (a symlink, a
 * folder that is there but could not be listed).
 */
export interface WalkTrace {
  readonly folders: string[];
  opaque: boolean;
  /**
   * When given: every file reached through a link (a file link, or a file under a linked folder)
   * whose real file is listed under another path: `path` as reached, `listed` as listed; and every
   * link to a folder walked under another path (`folder`). A codemod writing `listed` cannot
   * follow what imports `path`.
   */
  readonly aliases?: { readonly path: string; readonly listed: string; readonly folder?: true }[];
}

interface Link {
  readonly path: string;
  readonly name: string;
  readonly rules: WalkRules;
  /** A start folder reached through a link: followed wherever it leads, never skipped. */
  readonly start: boolean;
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null; // dangling, or a loop of links (ELOOP)
  }
}

/** `real` as a root-relative path with forward slashes ("" for the root); null outside the root. */
function relUnder(realRoot: string, real: string): string | null {
  if (real === realRoot) return "";
  if (!real.startsWith(realRoot + sep)) return null;
  const rel = real.slice(realRoot.length + 1);
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/** A folder's entries, or null (reported to `onUnreadable`) when it cannot be read. */
function listFolder(root: string, path: string, onUnreadable?: UnreadableFolder): Dirent[] | null {
  try {
    return readdirSync(path ? `${root}/${path}` : root, { withFileTypes: true });
  } catch (error) {
    onUnreadable?.(path, error as NodeJS.ErrnoException);
    return null;
  }
}

/**
 * For a folder that is not there (or is a file), its nearest existing ancestor: the missing
 * folder can only appear by an entry added to that ancestor, which moves its mtime. null when
 * the folder is there (it could not be listed for another reason) or no ancestor stats.
 */
function missingFolderAnchor(root: string, rel: string): string | null {
  const isDir = (path: string) => statSync(path ? `${root}/${path}` : root, { throwIfNoEntry: false })?.isDirectory();
  try {
    if (isDir(rel)) return null;
    for (let path = rel; path !== "";) {
      path = path.slice(0, Math.max(0, path.lastIndexOf("/")));
      if (isDir(path)) return path;
    }
  } catch {
    // ENOTDIR, EACCES…: nothing to anchor it to.
  }
  return null;
}

/** What a link's target is: a folder, a file, or null (gone, or neither: a socket, a device). */
function entryKind(real: string): "dir" | "file" | null {
  try {
    const st = statSync(real);
    return st.isDirectory() ? "dir" : st.isFile() ? "file" : null;
  } catch {
    return null;
  }
}

const byPath = (a: Link, b: Link): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** One walk's state: what was reached with and without links, and the links still to follow. */
class TreeWalk {
  private readonly realRoot: string;
  private readonly plainFiles = new Set<string>(); // reached without a link: the path is the real path
  private readonly plainDirs = new Set<string>();
  private readonly linkedFiles = new Map<string, string>(); // real path → listed path
  private readonly linkedDirs = new Set<string>(); // real paths of folders walked through a link
  private pending: Link[] = [];

  constructor(
    private readonly root: string,
    private readonly onUnreadable: UnreadableFolder | undefined,
    private readonly maxFiles: number,
    private readonly trace: WalkTrace | undefined,
  ) {
    this.realRoot = realOrNull(root) ?? resolve(root);
  }

  run(starts: readonly WalkStart[]): string[] {
    for (const { base, rules } of starts) {
      const real = realOrNull(base ? `${this.root}/${base}` : this.root);
      if (real !== null && this.relOf(real) !== base)
        this.pending.push({ path: base, name: base.slice(base.lastIndexOf("/") + 1), rules, start: true });
      else this.walkPlain(base, rules); // a missing base is reported by the listing itself
    }
    if (this.trace && this.pending.length) this.trace.opaque = true;
    while (this.pending.length) {
      const round = this.pending.sort(byPath);
      this.pending = [];
      for (const link of round) if (!this.full()) this.follow(link);
    }
    return [...this.plainFiles, ...this.linkedFiles.values()].sort();
  }

  private full(): boolean {
    return this.plainFiles.size + this.linkedFiles.size >= this.maxFiles;
  }

  private relOf(real: string): string | null {
    return relUnder(this.realRoot, real);
  }

  private seenDir(real: string): boolean {
    const rel = this.relOf(real);
    return (rel !== null && this.plainDirs.has(rel)) || this.linkedDirs.has(real);
  }

  private addLinkedFile(real: string, path: string): void {
    const rel = this.relOf(real);
    const listed = rel !== null && this.plainFiles.has(rel) ? rel : this.linkedFiles.get(real);
    if (listed === undefined) this.linkedFiles.set(real, path);
    else if (listed !== path) this.trace?.aliases?.push({ path, listed });
  }

  /** The folder's entries (null when it cannot be listed), traced. */
  private list(rel: string): Dirent[] | null {
    const entries = listFolder(this.root, rel, this.onUnreadable);
    if (this.trace) {
      const traced = entries ? rel : missingFolderAnchor(this.root, rel);
      if (traced === null) this.trace.opaque = true;
      else this.trace.folders.push(traced);
    }
    return entries;
  }

  private walkPlain(rel: string, rules: WalkRules): void {
    this.plainDirs.add(rel);
    const entries = this.list(rel);
    if (!entries) return;
    for (const e of entries) {
      if (this.full()) return;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (rules.enters(path, e.name)) this.walkPlain(path, rules);
      } else if (e.isFile()) {
        if (rules.lists(path, e.name)) this.plainFiles.add(path);
      } else if (e.isSymbolicLink()) this.pending.push({ path, name: e.name, rules, start: false });
    }
  }

  private walkLinked(rel: string, real: string, rules: WalkRules): void {
    this.linkedDirs.add(real);
    const entries = this.list(rel);
    if (!entries) return;
    for (const e of entries) {
      if (this.full()) return;
      const path = `${rel}/${e.name}`;
      const childReal = `${real}${sep}${e.name}`;
      if (e.isDirectory()) {
        if (rules.enters(path, e.name) && !this.seenDir(childReal)) this.walkLinked(path, childReal, rules);
      } else if (e.isFile()) {
        if (rules.lists(path, e.name)) this.addLinkedFile(childReal, path);
      } else if (e.isSymbolicLink()) this.pending.push({ path, name: e.name, rules, start: false });
    }
  }

  /** Whether the folder `real` holds the link at `path` (a loop, whatever was walked). */
  private leadsUp(path: string, real: string): boolean {
    const parent = realOrNull(`${this.root}/${path.slice(0, Math.max(0, path.lastIndexOf("/")))}`);
    return parent !== null && (parent === real || parent.startsWith(real + sep));
  }

  private follow(link: Link): void {
    const real = realOrNull(`${this.root}/${link.path}`);
    if (real === null) return;
    const rel = this.relOf(real);
    if (!link.start && (rel === null || underNeverScannedDir(rel))) return;
    const kind = entryKind(real);
    if (kind === null) return;
    if (kind === "dir") {
      if (!link.start && (!link.rules.enters(link.path, link.name) || this.leadsUp(link.path, real))) return;
      if (!this.seenDir(real)) this.walkLinked(link.path, real, link.rules);
      else if (rel !== null && rel !== link.path)
        this.trace?.aliases?.push({ path: link.path, listed: rel, folder: true });
    } else if (link.rules.lists(link.path, link.name)) this.addLinkedFile(real, link.path);
  }
}

/**
 * `maxFiles` stops the walk once that many files are listed (a runaway folder stays cheap);
 * `trace`, when given, receives what the walk went through.
 */
export function walkTree(
  root: string,
  starts: readonly WalkStart[],
  onUnreadable?: UnreadableFolder,
  maxFiles = Infinity,
  trace?: WalkTrace,
): string[] {
  if (trace && maxFiles !== Infinity) trace.opaque = true;
  return new TreeWalk(root, onUnreadable, maxFiles, trace).run(starts);
}
