/**
 * The history backfill: the inventory counters at each of the last N first-parent commits,
 * computed from git objects without a checkout. One `git cat-file --batch` process serves the
 * whole run: per commit it reads the trees that changed (unchanged folders are memoised by
 * tree id, the equivalent of `git ls-tree -r` without a process per commit), reads only blobs
 * it has not seen,
 * extracts their facts once and caches them by blob id on disk, then analyses the commit.
 * Cost therefore grows with the files that changed, not with commits × files.
 * Returns data; the caller saves it (`saveResult(root, "history", …)`) and renders it.
 */
import { resolve } from "node:path";
import { cacheDir } from "../../lib/results-store.js";
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import type { InventoryResult } from "../types.js";
import { BlobReader } from "./cat-file.js";
import type { HistoryEngine } from "./history-engine.js";
import { FactsCache } from "./commit-facts-cache.js";
import { git, listCommits, type CommitInfo } from "./history-git.js";
import { TreeReader, type TreeEntry } from "./tree-reader.js";
import {
  isManifestPath,
  manifestFolders,
  parseManifest,
  toWorkspacePackage,
  workspaceGlobsAt,
  WORKSPACE_LAYOUT_FILES,
  type ManifestFact,
} from "./packages.js";
import type { HistoryCommit, HistoryResult } from "./types.js";

export interface HistoryProgress {
  readonly done: number;
  readonly total: number;
  readonly commit: CommitInfo;
}

export interface BackfillOptions<F> {
  readonly commits: number;
  readonly engine: HistoryEngine<F>;
  /** Defaults to HEAD. */
  readonly ref?: string;
  readonly onProgress?: (event: HistoryProgress) => void;
}

interface Caches<F> {
  readonly facts: FactsCache<F>;
  readonly manifests: FactsCache<ManifestFact | null>;
  /** Keys seen this run, and whether the disk cache already had them. */
  readonly seen: Map<string, boolean>;
}

/** The repository-relative folder of `root` ("" at the top), so a subfolder can be walked too. */
async function prefixOf(root: string): Promise<string> {
  return (await git(root, ["rev-parse", "--show-prefix"])).trim();
}

async function factsFor<T>(
  entries: readonly TreeEntry[],
  cache: FactsCache<T>,
  seen: Map<string, boolean>,
  reader: BlobReader,
  make: (entry: TreeEntry, text: string) => T,
): Promise<T[]> {
  const missing: TreeEntry[] = [];
  for (const e of entries) {
    const key = FactsCache.key(e.oid, e.path);
    if (!seen.has(key)) seen.set(key, cache.get(key) !== undefined);
    if (cache.get(key) === undefined) missing.push(e);
  }
  // Pipeline every request before awaiting any, then extract in order.
  const contents = await Promise.all(missing.map((e) => reader.read(e.oid)));
  missing.forEach((e, i) => cache.set(FactsCache.key(e.oid, e.path), make(e, contents[i]!.toString("utf8"))));
  return entries.map((e) => cache.get(FactsCache.key(e.oid, e.path)) as T);
}

function toHistoryCommit(commit: CommitInfo, result: InventoryResult): HistoryCommit {
  return {
    sha: commit.sha,
    date: commit.date,
    subject: commit.subject,
    counters: result.counters,
    byNamespace: result.counters.byNamespace,
    scannedFiles: result.scannedFiles,
    problems: result.problems.length,
  };
}

/**
 * A commit's files in scope and its workspace manifests, each path once and sorted, and a
 * signature of both (two commits with one signature have the same inventory). The commit's own
 * layout files say where its packages are (as the scan's discovery does), so the listing reaches
 * the manifests even when the scan scope is narrower.
 */
async function commitFiles(
  trees: TreeReader,
  reader: BlobReader,
  sha: string,
  prefix: string,
  engine: { readonly folders: readonly string[]; inScope(path: string): boolean },
) {
  const layout = await trees.topFiles(sha, prefix, WORKSPACE_LAYOUT_FILES);
  const texts = new Map<string, string>();
  for (const e of layout) texts.set(e.path, (await reader.read(e.oid)).toString("utf8"));
  const globs = workspaceGlobsAt(texts);
  const folders = engine.folders.length ? [...new Set([...engine.folders, ...manifestFolders(globs)])] : [];
  const listed = await trees.list(sha, prefix, folders);
  const seenPaths = new Set<string>();
  const tree = listed
    .filter((e) => !seenPaths.has(e.path) && seenPaths.add(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const scanned = tree.filter((e) => engine.inScope(e.path));
  const manifestEntries = tree.filter((e) => isManifestPath(e.path, globs));
  const signature = [...layout, ...scanned, ...manifestEntries].map((e) => `${e.oid} ${e.path}`).join("\n");
  return { scanned, manifestEntries, signature };
}

export async function backfillHistory<F>(rootIn: string, options: BackfillOptions<F>): Promise<HistoryResult> {
  const root = resolve(rootIn);
  const { engine } = options;
  const ref = options.ref ?? "HEAD";
  const commits = await listCommits(root, ref, options.commits);
  const prefix = await prefixOf(root);
  const dir = cacheDir(root, "history");
  const caches: Caches<F> = {
    facts: new FactsCache<F>(dir, `${engine.factsVersion}`),
    manifests: new FactsCache<ManifestFact | null>(dir, "manifest-2"),
    seen: new Map(),
  };
  const reader = new BlobReader(root);
  const trees = new TreeReader(reader);
  const out: HistoryCommit[] = [];
  let previous: { signature: string; shape: string | null; result: InventoryResult } | undefined;
  const shapes = new Map<F, string>();
  const shapeOf = engine.shapeOf?.bind(engine);
  let unchangedCommits = 0;
  let sameShapeCommits = 0;
  try {
    for (const [i, commit] of commits.entries()) {
      const { scanned, manifestEntries, signature } = await commitFiles(trees, reader, commit.sha, prefix, engine);
      let result: InventoryResult;
      let shape: string | null = null;
      if (previous && previous.signature === signature) {
        result = previous.result;
        shape = previous.shape;
        unchangedCommits++;
      } else {
        const files = await factsFor(scanned, caches.facts, caches.seen, reader, (e, text) =>
          engine.extract(e.path, text),
        );
        const manifests = await factsFor(manifestEntries, caches.manifests, new Map(), reader, (_e, text) =>
          parseManifest(text),
        );
        if (shapeOf) {
          const digest = (f: F) => shapes.get(f) ?? (shapes.set(f, shapeOf(f)), shapes.get(f)!);
          shape = `${scanned.map((e, k) => `${e.path} ${digest(files[k]!)}`).join("\n")}\n${manifestEntries.map((e) => e.oid).join(" ")}`;
        }
        if (previous && shape !== null && previous.shape === shape) {
          result = previous.result;
          sameShapeCommits++;
        } else {
          const packages = manifestEntries
            .map((e, k) => toWorkspacePackage(root, e, manifests[k] ?? null))
            .filter((p): p is WorkspacePackage => p !== null);
          result = engine.analyze({
            root,
            files,
            knownFiles: scanned.map((e) => e.path),
            packages,
            generatedAt: commit.date,
          });
        }
      }
      previous = { signature, shape, result };
      out.push(toHistoryCommit(commit, result));
      options.onProgress?.({ done: i + 1, total: commits.length, commit });
    }
  } finally {
    await reader.close();
    caches.facts.flush();
    caches.manifests.flush();
  }
  const hits = [...caches.seen.values()].filter(Boolean).length;
  return {
    version: 1,
    root,
    generatedAt: new Date().toISOString(),
    ref,
    commits: out,
    cache: { hits, misses: caches.seen.size - hits, blobs: caches.seen.size, unchangedCommits, sameShapeCommits },
  };
}
