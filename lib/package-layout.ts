/**
 * Where capkit's own files are, whether it runs from its TypeScript sources (a checkout, tests)
 * or from the compiled build (dist/, what npm installs). Code that finds a sibling module by
 * path (the target loader's hooks, the modules lent to targets, the demo's fixture) asks here,
 * so the two layouts never need two spellings.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(import.meta.url);

/** True when this code is the compiled build (dist/**\/*.js, or the CLI's bundle dist/cli/capkit.cjs), false under tsx or vitest. */
export const IS_BUILT = !HERE.endsWith(".ts");

/** The folder holding bin/, lib/, runtime/ …: the checkout's root, or dist/ in a build. */
export const CODE_ROOT = resolve(dirname(HERE), "..");

/** The folder with capkit's package.json. */
export const PACKAGE_ROOT = IS_BUILT ? resolve(CODE_ROOT, "..") : CODE_ROOT;

/** The extension capkit's own modules have in this layout. */
export const CODE_EXTENSION = IS_BUILT ? ".js" : ".ts";

/** A capkit module by its extension-less path from the code root: `codeFile("runtime/index")`. */
export function codeFile(pathWithoutExtension: string): string {
  return join(CODE_ROOT, `${pathWithoutExtension}${CODE_EXTENSION}`);
}

/** The embedded NodeTool-shaped fixture `capkit demo` copies: fixtures/ in a checkout, dist/demo/ in a build. */
export function demoFixtureRoot(): string {
  const built = join(CODE_ROOT, "demo", "nodetool-mini");
  return IS_BUILT || !existsSync(join(PACKAGE_ROOT, "fixtures"))
    ? built
    : join(PACKAGE_ROOT, "fixtures", "nodetool-mini");
}
