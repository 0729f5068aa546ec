/**
 * Path arithmetic for rewritten imports: root-relative files (`/` separators), the relative
 * specifier from one file to another in NodeNext style (`.js` extension) or in the extension
 * style a specifier was written in, re-targeting a written specifier for a file that moves,
 * resolving a relative specifier back to a file of the tree, and the workspace package a file
 * belongs to.
 */
import { posix } from "node:path";
import { underNeverScannedDir } from "../../lib/never-scanned.js";
import type { VirtualTree } from "../plan.js";

const SOURCE_EXT = /\.(d\.)?[cm]?tsx?$/;

export function isSourceFile(path: string): boolean {
  if (!/\.(tsx?|mts|cts)$/.test(path) || path.endsWith(".d.ts")) return false;
  return !underNeverScannedDir(path);
}

/** `target` relative to `fromFile`'s folder, `./`-prefixed as a relative specifier must be. */
function dotRelative(fromFile: string, target: string): string {
  const rel = posix.relative(posix.dirname(fromFile), target);
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** `fromFile` → `toFile` as an import specifier: "./registry.js", "../capabilities/registry.js". */
export function relativeSpecifier(fromFile: string, toFile: string): string {
  return dotRelative(fromFile, toFile.replace(SOURCE_EXT, "") + ".js");
}

/**
 * `fromFile` → `target` in the extension style of the specifier `target` came from: a `.ts` or
 * `.tsx` file becomes `.js`; a `.js` or extensionless path is kept as written.
 */
export function specifierAsWritten(fromFile: string, target: string): string {
  return dotRelative(fromFile, target.replace(/\.tsx?$/, ".js"));
}

/** `spec` as written in `fromFile`, re-expressed for `toFile` (both root-relative); bare specifiers unchanged. */
export function importSpecifierFor(spec: string, fromFile: string, toFile: string): string {
  if (!spec.startsWith(".")) return spec;
  return specifierAsWritten(toFile, posix.normalize(posix.join(posix.dirname(fromFile), spec)));
}

/** The tree file a relative specifier names (`.js`/`.ts` written or omitted, `index` files), or null. */
export function resolveRelative(tree: VirtualTree, fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  const stem = joined.replace(/\.(js|jsx|mjs|cjs|ts|tsx|mts|cts)$/, "");
  const candidates = [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((c) => tree.exists(c)) ?? null;
}

/** "packages/agents" for "packages/agents/src/x.ts"; null outside a `packages/<dir>/` layout. */
export function packageDirOf(file: string): string | null {
  const m = /^(packages\/[^/]+)\//.exec(file);
  return m ? (m[1] ?? null) : null;
}

/** The `name` of `<packageDir>/package.json` in the tree, or null. */
export function packageNameOf(tree: VirtualTree, packageDir: string): string | null {
  const text = tree.read(`${packageDir}/package.json`);
  if (text === null) return null;
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === "string" ? name : null;
  } catch {
    return null;
  }
}
