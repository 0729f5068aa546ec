/**
 * Module aliases that let a NodeTool-shaped repo run anywhere on disk without node_modules of
 * its own: each workspace package name (its package.json "name") maps to its
 * source entry, and the packages capkit provides to migrated code (`capkit/runtime`, `zod`)
 * map into capkit's own install. The inventory's module graph reads each package's `exports`
 * subpaths (lib/package-exports.ts); workspace-modules.ts lists every specifier for the target
 * loader and vitest aliases.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative, sep } from "node:path";
import { codeFile, PACKAGE_ROOT } from "./package-layout.js";
import { readExportsField, type PackageExports } from "./package-exports.js";
import type { ResolvablePackage } from "./specifier-resolution.js";
import { expandWorkspaceGlobs, readWorkspaceGlobs } from "./workspace-globs.js";

/** The folder with capkit's package.json (lib/package-layout.ts says where the code is). */
export const CAPKIT_ROOT = PACKAGE_ROOT;

export interface WorkspacePackage {
  readonly name: string;
  /** Root-relative directory, `/` separators, e.g. "packages/agents". */
  readonly dir: string;
  /** Absolute path of the source entry (exports["."] or main, else src/index.ts). */
  readonly entry: string;
  /** The manifest's `exports` subpaths and their targets (for static resolution of `pkg/sub` imports); absent when it has none. */
  readonly exports?: PackageExports;
}

function entryOf(dirAbs: string, manifest: Record<string, unknown>): string {
  const exp = manifest["exports"];
  const dot = typeof exp === "string" ? exp : (exp as Record<string, unknown> | undefined)?.["."];
  const rel =
    typeof dot === "string" ? dot : typeof manifest["main"] === "string" ? manifest["main"] : "./src/index.ts";
  return join(dirAbs, rel);
}

/**
 * Every workspace package the root's manifests declare (lib/workspace-globs.ts: npm/yarn
 * `workspaces`, pnpm-workspace.yaml, lerna.json, else `packages/*`, `libs/*`, `apps/*`), sorted
 * by folder. A package without a "name" is skipped.
 */
export function listWorkspacePackages(root: string): WorkspacePackage[] {
  const out: WorkspacePackage[] = [];
  for (const dir of expandWorkspaceGlobs(root, readWorkspaceGlobs(root))) {
    const dirAbs = join(root, dir);
    try {
      const manifest = JSON.parse(readFileSync(join(dirAbs, "package.json"), "utf8")) as Record<string, unknown>;
      if (typeof manifest["name"] !== "string") continue;
      const exports = readExportsField(manifest["exports"]);
      out.push({ name: manifest["name"], dir, entry: entryOf(dirAbs, manifest), ...(exports ? { exports } : {}) });
    } catch {
      // A broken manifest is the inventory's to report; aliases just skip it.
    }
  }
  return out;
}

/** The packages as lib/specifier-resolution.ts takes them over root-relative paths (`/` separators). */
export function rootRelativePackages(root: string, packages: readonly WorkspacePackage[]): ResolvablePackage[] {
  const toPosix = (p: string) => p.split(sep).join("/");
  return packages.map((p) => ({
    name: p.name,
    dir: p.dir,
    entry: p.entry ? toPosix(isAbsolute(p.entry) ? relative(root, p.entry) : p.entry) : null,
    ...(p.exports ? { exports: p.exports } : {}),
  }));
}

const require = createRequire(import.meta.url);

/** Packages capkit lends to a target that has no node_modules: name → absolute entry. */
export function capkitProvidedModules(): Record<string, string> {
  return {
    "capkit/runtime": codeFile("runtime/index"),
    "capkit/runtime/sandbox": codeFile("runtime/sandbox/index"),
    zod: require.resolve("zod"),
  };
}
