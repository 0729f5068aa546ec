import { describe, expect, it } from "vitest";
import { globToRegExp } from "./glob.js";
import { isNeverScannedDir, NEVER_SCANNED_DIRS, NEVER_SCANNED_GLOBS, underNeverScannedDir } from "./never-scanned.js";

describe("folders never scanned", () => {
  it("covers dependencies, build output, coverage, version control and capkit's state", () => {
    for (const dir of ["node_modules", "dist", "build", "out", "coverage", ".next", ".git", ".capkit"])
      expect(isNeverScannedDir(dir)).toBe(true);
    expect(isNeverScannedDir("src")).toBe(false);
  });

  it("matches a path by whole segments only", () => {
    expect(underNeverScannedDir("packages/a/dist/index.ts")).toBe(true);
    expect(underNeverScannedDir("node_modules/zod/index.ts")).toBe(true);
    expect(underNeverScannedDir("packages/a/src/distance.ts")).toBe(false);
    expect(underNeverScannedDir("packages/builder/src/out-of-band.ts")).toBe(false);
  });

  it("gives globs that agree with the segment check", () => {
    expect(NEVER_SCANNED_GLOBS).toHaveLength(NEVER_SCANNED_DIRS.length);
    const paths = [
      "packages/a/.next/x.ts",
      "packages/a/src/x.ts",
      "build/x.ts",
      "a/coverage/lcov.ts",
      "a/outline/x.ts",
    ];
    for (const path of paths) {
      const globHit = NEVER_SCANNED_GLOBS.some((g) => globToRegExp(g, { dot: true }).test(path));
      expect(globHit, path).toBe(underNeverScannedDir(path));
    }
  });
});
