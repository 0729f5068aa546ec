/**
 * Workspace packages as they were at a commit: the package folders that commit's own layout
 * files declare (root `package.json` `workspaces`, `pnpm-workspace.yaml`, `lerna.json`, else
 * `packages/*`, `libs/*`, `apps/*`: lib/workspace-globs.ts, the scan's discovery), each read
 * from its `<dir>/package.json` blob (never from the working tree), so a package renamed or
 * moved later still resolves the way it did then. Mirrors lib/workspace-aliases.ts.
 */
import { join, posix } from "node:path";
import { readExportsField, type PackageExports } from "../../lib/package-exports.js";
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import {
  isWorkspaceDir,
  readWorkspaceGlobsFrom,
  staticPrefix,
  WORKSPACE_LAYOUT_FILES,
  type WorkspaceGlobs,
} from "../../lib/workspace-globs.js";
import type { TreeEntry } from "./tree-reader.js";

/** What one manifest blob contributes; null when it has no usable name (or is not JSON). */
export interface ManifestFact {
  readonly name: string;
  /** The source entry relative to the package directory. */
  readonly entry: string;
  /** The `exports` subpaths, as the live scan reads them (lib/package-exports.ts). */
  readonly exports?: PackageExports;
}

/** The layout at a commit from its root layout files' texts (a missing file reads as null). */
export function workspaceGlobsAt(texts: ReadonlyMap<string, string>): WorkspaceGlobs {
  return readWorkspaceGlobsFrom((name) => texts.get(name) ?? null);
}

/** The folders the tree listing must reach for the manifests (`libs/providers/*` → libs/providers). */
export function manifestFolders(globs: WorkspaceGlobs): string[] {
  return [...new Set(globs.include.map(staticPrefix).filter(Boolean))].sort();
}

/** A `<dir>/package.json` whose folder the commit's layout declares a package folder. */
export function isManifestPath(path: string, globs: WorkspaceGlobs): boolean {
  if (posix.basename(path) !== "package.json") return false;
  const dir = posix.dirname(path);
  return dir !== "." && isWorkspaceDir(dir, globs);
}

export { WORKSPACE_LAYOUT_FILES };

export function parseManifest(text: string): ManifestFact | null {
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    if (typeof manifest["name"] !== "string") return null;
    const exp = manifest["exports"];
    const dot = typeof exp === "string" ? exp : (exp as Record<string, unknown> | undefined)?.["."];
    const main = manifest["main"];
    const entry = typeof dot === "string" ? dot : typeof main === "string" ? main : "./src/index.ts";
    const exports = readExportsField(exp);
    return { name: manifest["name"], entry, ...(exports ? { exports } : {}) };
  } catch {
    return null;
  }
}

export function toWorkspacePackage(root: string, entry: TreeEntry, fact: ManifestFact | null): WorkspacePackage | null {
  const dir = posix.dirname(entry.path);
  if (!fact || dir === ".") return null;
  return {
    name: fact.name,
    dir,
    entry: join(root, dir, fact.entry),
    ...(fact.exports ? { exports: fact.exports } : {}),
  };
}
