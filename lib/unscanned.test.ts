import { describe, expect, it } from "vitest";
import { folderProblemMessage, unscannedCount, unscannedList, unscannedPaths, unscannedTotal } from "./unscanned.js";

describe("unscanned paths are counted as what they are", () => {
  it("a folder is a folder, a file with three problems is one file", () => {
    const u = unscannedPaths([
      { file: "packages/a/src/tools", message: folderProblemMessage("EACCES") },
      { file: "packages/b/x.ts", message: "';' expected." },
      { file: "packages/b/x.ts", message: "'}' expected." },
      { file: "packages/b/y.ts", message: "cannot read: EACCES" },
    ]);
    expect(u).toEqual({ folders: ["packages/a/src/tools"], files: ["packages/b/x.ts", "packages/b/y.ts"] });
    expect(unscannedCount(u)).toBe("1 folder and 2 files");
    expect(unscannedTotal(u)).toBe(3);
    expect(unscannedList(u, 2)).toBe("packages/a/src/tools, packages/b/x.ts, … 1 more");
  });

  it("folders alone, files alone", () => {
    expect(unscannedCount(unscannedPaths([{ file: ".", message: folderProblemMessage("EIO") }]))).toBe("1 folder");
    expect(
      unscannedCount(
        unscannedPaths([
          { file: "a.ts", message: "x" },
          { file: "b.ts", message: "x" },
        ]),
      ),
    ).toBe("2 files");
  });
});
