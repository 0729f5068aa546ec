import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readImportAliases } from "./import-aliases.js";
import { createSpecifierResolution } from "./specifier-resolution.js";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-aliases-"));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

describe("readImportAliases", () => {
  it("goes on past an extends naming a package that is not installed (a scan before npm ci); a missing relative one is a problem", () => {
    const root = tree({
      "tsconfig.json":
        '{ "extends": "@tsconfig/node20/tsconfig.json", "compilerOptions": { "paths": { "@a/*": ["a/*"] } } }',
      "packages/b/tsconfig.json": '{ "extends": "./missing.json" }',
    });
    const a = readImportAliases(root, {}, ["packages/b"]);
    expect(a.scopes[0]?.aliases.map((x) => x.prefix)).toEqual(["@a/"]);
    expect(a.problems.map((p) => p.file)).toEqual(["packages/b/tsconfig.json"]);
  });

  it("reads a tsconfig that starts with a UTF-8 byte-order mark, as TypeScript does", () => {
    const root = tree({ "tsconfig.json": '\uFEFF{ "compilerOptions": { "paths": { "@core/*": ["core/*"] } } }' });
    const a = readImportAliases(root, {}, []);
    expect(a.problems).toEqual([]);
    expect(a.scopes[0]?.aliases.map((x) => x.prefix)).toEqual(["@core/"]);
  });

  it("reads paths through an extends chain (comments, trailing commas), relative to the declaring config or baseUrl", () => {
    const root = tree({
      "configs/base.json":
        '{ /* shared */ "compilerOptions": { "paths": { "@core/*": ["../packages/core/src/*"], }, } }',
      "tsconfig.json": '{ "extends": "./configs/base.json" }',
      "packages/app/tsconfig.json": '{ "compilerOptions": { "baseUrl": "src", "paths": { "~/*": ["*"] } } }',
    });
    const a = readImportAliases(root, { "@seam/*": "libs/seam/*" }, ["packages/app"]);
    expect(a.problems).toEqual([]);
    expect(a.configFiles).toEqual(["tsconfig.json", "configs/base.json", "packages/app/tsconfig.json"]);
    expect(a.scopes).toEqual([
      {
        dir: "",
        baseUrl: null,
        aliases: [{ prefix: "@core/", suffix: "", wildcard: true, targets: ["packages/core/src/*"] }],
      },
      {
        dir: "packages/app",
        baseUrl: "packages/app/src",
        aliases: [{ prefix: "~/", suffix: "", wildcard: true, targets: ["packages/app/src/*"] }],
      },
    ]);
    const files = new Set(["packages/core/src/tool.ts", "packages/app/src/util/x.ts", "libs/seam/a.ts"]);
    const rules = createSpecifierResolution({
      exists: (p) => files.has(p),
      packages: [],
      aliases: a.seam,
      scopes: a.scopes,
    });
    expect(rules.resolve("packages/tools/src/t.ts", "@core/tool.js")).toBe("packages/core/src/tool.ts");
    // The app's own tsconfig decides for its files: the root's alias does not hold there.
    expect(rules.resolve("packages/app/src/main.ts", "@core/tool.js")).toBeNull();
    expect(rules.resolve("packages/app/src/main.ts", "~/util/x.js")).toBe("packages/app/src/util/x.ts");
    expect(rules.resolve("packages/app/src/main.ts", "util/x")).toBe("packages/app/src/util/x.ts");
    expect(rules.resolve("packages/app/src/main.ts", "@seam/a.js")).toBe("libs/seam/a.ts");
  });

  it("reports a broken tsconfig or a missing extends naming the file, and keeps the rest", () => {
    const root = tree({
      "tsconfig.json": '{ "compilerOptions": { "paths": { "@x/*": ["x/*"] } ',
      "packages/a/tsconfig.json":
        '{ "extends": "../../missing.json", "compilerOptions": { "paths": { "@a": ["src/a.ts"] } } }',
    });
    const a = readImportAliases(root, {}, ["packages/a"]);
    expect(a.problems.map((p) => p.file)).toEqual(["tsconfig.json", "packages/a/tsconfig.json"]);
    expect(a.problems[0]?.message).toContain("not readable as JSON");
    expect(a.problems[1]?.message).toContain('extends "../../missing.json", which is not found');
    expect(a.scopes[1]?.aliases).toEqual([{ prefix: "@a", wildcard: false, targets: ["packages/a/src/a.ts"] }]);
  });
});
