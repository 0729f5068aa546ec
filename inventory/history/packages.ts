/**
 * Workspace packages as they were at a commit: read from that commit's
 * `packages/<dir>/package.json` blobs (never from the working tree), so a package renamed
 * later still resolves the way it did then. Mirrors lib/workspace-aliases.ts.
 */
import { join } from "node:path";
import { readExportsField, type PackageExports } from "../../lib/package-exports.js";
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import type { TreeEntry } from "./tree-reader.js";

/** What one manifest blob contributes; null when it has no usable name (or is not JSON). */
export interface ManifestFact {
  readonly name: string;
  /** The source entry relative to the package directory. */
  readonly entry: string;
  /** The `exports` subpaths, as the live scan reads them (lib/package-exports.ts). */
  readonly exports?: PackageExports;
}

const MANIFEST = /^packages\/([^/]+)\/package\.json$/;

export function isManifestPath(path: string): boolean {
  return MANIFEST.test(path);
}

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
  const dir = MANIFEST.exec(entry.path)?.[1];
  if (!fact || !dir) return null;
  return {
    name: fact.name,
    dir: `packages/${dir}`,
    entry: join(root, "packages", dir, fact.entry),
    ...(fact.exports ? { exports: fact.exports } : {}),
  };
}
