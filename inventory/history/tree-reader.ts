/**
 * Lists a commit's files (path → blob id) by reading tree objects through the shared
 * `git cat-file --batch` process instead of spawning `git ls-tree -r` per commit. Each tree's
 * flattened listing is memoised by its object id, so an unchanged folder costs nothing on the
 * next commit: only the trees on the path to a changed file are read again.
 */
import { EnvironmentError } from "../../lib/errors.js";
import type { BlobReader } from "./cat-file.js";

export interface TreeEntry {
  readonly path: string;
  readonly oid: string;
}

interface RawEntry {
  readonly mode: string;
  readonly name: string;
  readonly oid: string;
}

const SPACE = 0x20;

function parseTree(data: Buffer): RawEntry[] {
  const out: RawEntry[] = [];
  let i = 0;
  while (i < data.length) {
    const space = data.indexOf(SPACE, i);
    const nul = data.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > data.length) throw new EnvironmentError("malformed git tree object");
    out.push({
      mode: data.toString("latin1", i, space),
      name: data.toString("utf8", space + 1, nul),
      oid: data.toString("hex", nul + 1, nul + 21),
    });
    i = nul + 21;
  }
  return out;
}

export class TreeReader {
  private readonly flat = new Map<string, readonly TreeEntry[]>();
  private readonly entries = new Map<string, readonly RawEntry[]>();

  constructor(private readonly reader: BlobReader) {}

  /** The tree id of a commit. */
  async commitTree(sha: string): Promise<string> {
    const commit = await this.reader.readObject(sha);
    const tree = /^tree ([0-9a-f]{40,64})/.exec(commit.data.toString("latin1", 0, 80))?.[1];
    if (commit.type !== "commit" || !tree) throw new EnvironmentError(`git object ${sha} is not a commit`);
    return tree;
  }

  private async rawEntries(tree: string): Promise<readonly RawEntry[]> {
    let entries = this.entries.get(tree);
    if (!entries) {
      const object = await this.reader.readObject(tree);
      if (object.type !== "tree") throw new EnvironmentError(`git object ${tree} is a ${object.type}, not a tree`);
      entries = parseTree(object.data);
      this.entries.set(tree, entries);
    }
    return entries;
  }

  /** The subtree at a `/`-separated folder path, or null when it does not exist at that commit. */
  async subtree(tree: string, folder: string): Promise<string | null> {
    let current = tree;
    for (const segment of folder.split("/").filter(Boolean)) {
      const entry = (await this.rawEntries(current)).find((e) => e.name === segment && e.mode === "40000");
      if (!entry) return null;
      current = entry.oid;
    }
    return current;
  }

  /** Every regular file under the tree, paths relative to it (symlinks and submodules skipped). */
  async files(tree: string): Promise<readonly TreeEntry[]> {
    const cached = this.flat.get(tree);
    if (cached) return cached;
    const out: TreeEntry[] = [];
    for (const e of await this.rawEntries(tree)) {
      if (e.mode === "40000") {
        for (const child of await this.files(e.oid)) out.push({ path: `${e.name}/${child.path}`, oid: child.oid });
      } else if (e.mode === "100644" || e.mode === "100755") {
        out.push({ path: e.name, oid: e.oid });
      }
    }
    this.flat.set(tree, out);
    return out;
  }

  /** The regular files named `names` directly in `base` at `commit` (root layout files). */
  async topFiles(commit: string, base: string, names: readonly string[]): Promise<TreeEntry[]> {
    const root = await this.subtree(await this.commitTree(commit), base);
    if (!root) return [];
    return (await this.rawEntries(root))
      .filter((e) => names.includes(e.name) && (e.mode === "100644" || e.mode === "100755"))
      .map((e) => ({ path: e.name, oid: e.oid }));
  }

  /** Files of `commit` under `base` (the scanned root inside the repository) limited to `folders` (relative to base; [] = all). */
  async list(commit: string, base: string, folders: readonly string[]): Promise<TreeEntry[]> {
    const root = await this.subtree(await this.commitTree(commit), base);
    if (!root) return [];
    if (!folders.length) return [...(await this.files(root))];
    const out: TreeEntry[] = [];
    for (const folder of folders) {
      const sub = await this.subtree(root, folder);
      if (sub) for (const e of await this.files(sub)) out.push({ path: `${folder}/${e.path}`, oid: e.oid });
    }
    return out;
  }
}
