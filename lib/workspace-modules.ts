/**
 * workspaceModules(root): every specifier a target's code may use for one of its workspace
 * packages, mapped to the source file it means. The target loader's resolve hook and vite's
 * aliases match exact specifiers only, so subpaths are listed one by one:
 *  - the package name → its entry (lib/workspace-aliases.ts `entry`);
 *  - each `exports` key → the first of its targets that exists (a `.js` target through its `.ts`
 *    twin, so a `dist/` build that is not there falls through to the source), and each `*`
 *    pattern expanded over the files its targets cover, every one checked with exportTargets so
 *    the file is the one Node's own order would pick;
 *  - without an `exports` map, `<name>/<sub>` (and `<sub>.js`, and a folder for its index) for
 *    the files under `src/`, the layout the inventory's module graph falls back to.
 */
import { existsSync, statSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { exportTargets } from "./package-exports.js";
import { JS_TO_TS, probe } from "./specifier-resolution.js";
import { isNeverScannedDir } from "./never-scanned.js";
import { walkTree, type WalkRules } from "./tree-walk.js";
import { capkitProvidedModules, listWorkspacePackages, type WorkspacePackage } from "./workspace-aliases.js";

/** Files listed per package at most (a runaway pattern over a huge folder stays cheap). */
const MAX_FILES = 5000;
const SOURCE = /\.(?:ts|tsx|mts)$/;

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The first target that denotes a file, probed as every resolver probes (lib/specifier-resolution.ts: a `.js` target through its `.ts` twin first). */
function pickTarget(pkgAbs: string, targets: readonly string[]): string | null {
  for (const t of targets) {
    const hit = probe(resolve(pkgAbs, t), isFile);
    if (hit) return hit;
  }
  return null;
}

/** Package-relative `./`-paths of the source files under `dir` (the one tree walker: symlinks followed once). */
function sourceFiles(pkgAbs: string, dir: string): string[] {
  const rules: WalkRules = {
    enters: (_path, name) => !isNeverScannedDir(name) && !name.startsWith("."),
    lists: (_path, name) => SOURCE.test(name) && !name.endsWith(".d.ts"),
  };
  return walkTree(pkgAbs, [{ base: dir, rules }], undefined, MAX_FILES).map((f) => `./${f}`);
}

/** `<name>/<key>` for the exports map's exact keys and expanded patterns. */
function exportedModules(pkg: WorkspacePackage, pkgAbs: string, out: Map<string, string>): void {
  const exports = pkg.exports ?? [];
  const add = (subpath: string, file: string) => {
    const specifier = subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    if (!out.has(specifier)) out.set(specifier, file);
  };
  for (const entry of exports) {
    const star = entry.key.indexOf("*");
    if (star === -1) {
      if (entry.key === ".") continue;
      const file = pickTarget(pkgAbs, entry.targets);
      if (file) add(entry.key, file);
      continue;
    }
    const keyPrefix = entry.key.slice(0, star);
    const keySuffix = entry.key.slice(star + 1);
    for (const target of entry.targets) {
      const t = target.indexOf("*");
      if (t === -1) continue;
      const tPrefix = target.slice(0, t).startsWith("./") ? target.slice(0, t) : `./${target.slice(0, t)}`;
      const tSuffix = target.slice(t + 1);
      // Not posix.extname: a bare ".js" suffix is a dotfile name to it, with no extension.
      const ext = /\.[^./]+$/.exec(tSuffix)?.[0] ?? "";
      const suffixes = [tSuffix, ...(JS_TO_TS[ext] ?? []).map((twin) => tSuffix.slice(0, -ext.length) + twin)];
      const dir = tPrefix.slice(2, tPrefix.lastIndexOf("/") + 1).replace(/\/$/, "");
      for (const rel of sourceFiles(pkgAbs, dir)) {
        const suffix = suffixes.find((s) => rel.endsWith(s));
        if (!rel.startsWith(tPrefix) || suffix === undefined || rel.length < tPrefix.length + suffix.length) continue;
        const subpath = keyPrefix + rel.slice(tPrefix.length, rel.length - suffix.length) + keySuffix;
        const file = resolve(pkgAbs, rel);
        // Only where Node's preference (exact key, best pattern, first existing target) lands on this file.
        if (pickTarget(pkgAbs, exportTargets(exports, subpath) ?? []) === file) add(subpath, file);
      }
    }
  }
}

/** Without an exports map: `<name>/<sub>` for the files under src/ (as the module graph resolves them). */
function layoutModules(pkg: WorkspacePackage, pkgAbs: string, out: Map<string, string>): void {
  for (const rel of sourceFiles(pkgAbs, "src")) {
    const sub = rel.slice("./src/".length).replace(SOURCE, "");
    const file = resolve(pkgAbs, rel);
    const names = [
      sub,
      `${sub}.js`,
      ...(posix.basename(sub) === "index" && sub.includes("/") ? [posix.dirname(sub)] : []),
    ];
    for (const n of names) if (!out.has(`${pkg.name}/${n}`)) out.set(`${pkg.name}/${n}`, file);
  }
}

export function workspaceModules(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pkg of listWorkspacePackages(root)) {
    out.set(pkg.name, pkg.entry);
    const pkgAbs = join(root, pkg.dir);
    if (pkg.exports) exportedModules(pkg, pkgAbs, out);
    else layoutModules(pkg, pkgAbs, out);
  }
  return out;
}

/** Exact-match aliases for vite/vitest (`find` is anchored so "zod" does not catch "zodx"): the workspace modules and what capkit lends. */
export function targetAliases(root: string): { find: RegExp; replacement: string }[] {
  const entries: [string, string][] = [...workspaceModules(root), ...Object.entries(capkitProvidedModules())];
  return entries.map(([name, replacement]) => ({
    find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`),
    replacement,
  }));
}
