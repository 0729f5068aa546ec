import { describe, expect, it } from "vitest";
import { VirtualTree } from "../../plan.js";
import { settleEmptiedBarrels } from "./emptied-barrels.js";

const treeOf = (files: Record<string, string>) =>
  new VirtualTree(
    "/virtual",
    (p) => files[p] ?? null,
    () => Object.keys(files),
  );

describe("settleEmptiedBarrels: an emptied barrel goes unless something imports it", () => {
  it("keeps a package's entry (its package.json names the built file) as a module, naming why", () => {
    const tree = treeOf({
      "packages/kit/package.json": JSON.stringify({ name: "kit", main: "./dist/index.js", types: "./dist/index.d.ts" }),
      "packages/kit/src/index.ts": "",
      "packages/kit/src/tools/index.ts": "",
    });
    const settled = settleEmptiedBarrels(tree, ["packages/kit/src/index.ts", "packages/kit/src/tools/index.ts"], "x");
    expect(settled).toEqual([
      { path: "packages/kit/src/index.ts", kept: true, importers: ["its package.json (the package's entry)"] },
      { path: "packages/kit/src/tools/index.ts", kept: false },
    ]);
    expect(tree.read("packages/kit/src/index.ts")).toBe("export {};\n");
    expect(tree.read("packages/kit/src/tools/index.ts")).toBeNull();
  });

  it("counts an import through the folder or without an extension, and not an export * of it", () => {
    const tree = treeOf({
      "src/a/index.ts": "// a\n",
      "src/b/index.ts": "",
      "src/use-a.ts": 'import { x } from "./a";\n',
      "src/index.ts": 'export * from "./b/index.js";\n',
    });
    const settled = settleEmptiedBarrels(tree, ["src/a/index.ts", "src/b/index.ts"], "x");
    expect(settled).toEqual([
      { path: "src/a/index.ts", kept: true, importers: ["src/use-a.ts"] },
      { path: "src/b/index.ts", kept: false },
    ]);
    expect(tree.read("src/a/index.ts")).toBe("// a\nexport {};\n");
  });
});
