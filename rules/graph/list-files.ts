/**
 * Every TypeScript source file `capkit lint` and the graph rules look at: .ts/.tsx/.mts/.cts
 * under the root, minus declaration files, node_modules, build output, .capkit and the
 * config's `ignore` globs. Returns root-relative `/` paths, sorted.
 */
import fg from "fast-glob";

export const ALWAYS_IGNORED = [
  "**/node_modules/**",
  "**/dist/**",
  "**/build/**",
  "**/out/**",
  "**/coverage/**",
  "**/.capkit/**",
  "**/.git/**",
  "**/.next/**",
  "**/*.d.ts",
  "**/*.d.mts",
  "**/*.d.cts",
];

export function listSourceFiles(root: string, ignore: readonly string[] = []): string[] {
  return fg
    .sync(["**/*.{ts,tsx,mts,cts}"], { cwd: root, ignore: [...ALWAYS_IGNORED, ...ignore], dot: false, followSymbolicLinks: false })
    .sort();
}
