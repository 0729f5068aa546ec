import { describe, expect, it } from "vitest";
import { exportTargets, readExportsField } from "./package-exports.js";

describe("readExportsField", () => {
  it("reads the sugar forms as the '.' entry", () => {
    expect(readExportsField("./src/index.ts")).toEqual([{ key: ".", targets: ["./src/index.ts"] }]);
    expect(readExportsField({ import: "./dist/index.js", types: "./src/index.ts" })).toEqual([
      { key: ".", targets: ["./src/index.ts", "./dist/index.js"] },
    ]);
    expect(readExportsField(undefined)).toBeNull();
    expect(readExportsField(42)).toBeNull();
  });

  it("orders conditions types, import, default, require, then the others as written; flattens nesting and fallback arrays", () => {
    const map = readExportsField({
      "./a": { require: "./a.cjs", node: "./a-node.js", default: "./a.js", import: "./a.mjs", types: "./a.d.ts" },
      "./b": { node: { import: "./b.mjs", types: "./b.ts" } },
      "./c": ["./c.ts", { default: "./c.js" }],
      "./private/*": null,
    });
    expect(map).toEqual([
      { key: "./a", targets: ["./a.d.ts", "./a.mjs", "./a.js", "./a.cjs", "./a-node.js"] },
      { key: "./b", targets: ["./b.ts", "./b.mjs"] },
      { key: "./c", targets: ["./c.ts", "./c.js"] },
      { key: "./private/*", targets: [] },
    ]);
  });
});

describe("exportTargets", () => {
  const map = readExportsField({
    ".": "./src/index.ts",
    "./tools": "./src/tools/index.ts",
    "./tools/*": "./src/tools/*.ts",
    "./tools/special/*": { types: "./src/special/*.ts" },
    "./assets/*.json": "./data/*.json",
    "./x/*/y/*": "./never/*",
  });
  if (!map) throw new Error("unreadable map");

  it("prefers an exact key, then the pattern with the longest prefix", () => {
    expect(exportTargets(map, ".")).toEqual(["./src/index.ts"]);
    expect(exportTargets(map, "./tools")).toEqual(["./src/tools/index.ts"]);
    expect(exportTargets(map, "./tools/base")).toEqual(["./src/tools/base.ts"]);
    expect(exportTargets(map, "./tools/special/deep")).toEqual(["./src/special/deep.ts"]);
  });

  it("substitutes the match (which may hold slashes) into every `*`, honours a suffix after `*`", () => {
    expect(exportTargets(map, "./tools/nested/dir/file")).toEqual(["./src/tools/nested/dir/file.ts"]);
    expect(exportTargets(map, "./assets/logo.json")).toEqual(["./data/logo.json"]);
    expect(exportTargets(map, "./assets/logo.png")).toBeNull();
  });

  it("answers null for a subpath no key exports (and ignores keys with two `*`)", () => {
    expect(exportTargets(map, "./other")).toBeNull();
    expect(exportTargets(map, "./tools/")).toBeNull();
    expect(exportTargets(map, "./x/a/y/b")).toBeNull();
  });
});
