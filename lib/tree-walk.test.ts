import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { walkScope } from "./scope-walk.js";
import { walkTree, type WalkRules, type WalkTrace } from "./tree-walk.js";
import { linkTree } from "./test-support/link-tree.js";

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const tree = (files: readonly string[], links: Record<string, string>): string =>
  linkTree("capkit-walk-", temps, files, links);

const ALL: WalkRules = { enters: (_p, name) => name !== "node_modules", lists: () => true };

describe("the one tree walker follows symlinks once", () => {
  it("a folder link, a file link, a loop, a dangling link: each real file once, under its real path", () => {
    const root = tree(["src/a.ts", "src/tools/b.ts"], {
      "src/alias": "tools", // a second way into a folder already walked
      "src/again.ts": "a.ts", // a second way to a file already listed
      "src/loop": ".", // back to an ancestor
      "src/self": "self", // a link to itself (ELOOP)
      "src/broken.ts": "missing.ts",
    });
    expect(walkTree(root, [{ base: "", rules: ALL }])).toEqual(["src/a.ts", "src/tools/b.ts"]);
  });

  it("records, when asked, the link paths of what it listed under another path (not loops or dangling links)", () => {
    const root = tree(["src/a.ts", "src/tools/b.ts"], {
      "src/alias": "tools",
      "src/again.ts": "a.ts",
      "src/loop": ".",
      "src/broken.ts": "missing.ts",
    });
    const trace: WalkTrace = { folders: [], opaque: false, aliases: [] };
    expect(walkTree(root, [{ base: "", rules: ALL }], undefined, Infinity, trace)).toEqual([
      "src/a.ts",
      "src/tools/b.ts",
    ]);
    expect(trace.aliases).toEqual([
      { path: "src/again.ts", listed: "src/a.ts" },
      { path: "src/alias", listed: "src/tools", folder: true },
    ]);
  });

  it("a file only reachable through links is listed once, under the first link path (fewest links, then order)", () => {
    const root = tree(["vendor/email/send.ts"], {
      pkg: "vendor", // pkg/email/send.ts: one link
      "z-pkg": "vendor", // the same folder again: not walked twice
    });
    // Only pkg/ and z-pkg/ are in scope: the real vendor/ folder is never walked plainly.
    const scoped: WalkRules = { enters: () => true, lists: (p) => !p.startsWith("vendor/") };
    expect(walkTree(root, [{ base: "", rules: { ...scoped, enters: (p) => p !== "vendor" } }])).toEqual([
      "pkg/email/send.ts",
    ]);
  });

  it("a link chain inside a linked folder, and a loop through it, still end", () => {
    const root = tree(["real/deep/x.ts"], {
      "real/deep/back": "../..", // to the root: a loop through a linked walk
      first: "real",
      "real/again": "deep",
    });
    expect(walkTree(root, [{ base: "", rules: ALL }])).toEqual(["real/deep/x.ts"]);
    expect(walkTree(root, [{ base: "first", rules: ALL }])).toEqual(["first/deep/x.ts"]);
  });

  it("never follows a link up to an ancestor, even one the walk did not start from", () => {
    const root = tree(["vendor/v.ts", "packages/a/a.ts"], {
      "packages/a/up": "../..",
      "packages/a/side": "../../vendor",
    });
    expect(walkTree(root, [{ base: "packages", rules: ALL }])).toEqual(["packages/a/a.ts", "packages/a/side/v.ts"]);
    rmSync(join(root, "packages/a/side")); // vendor/ is then only reachable through the loop
    expect(walkTree(root, [{ base: "packages", rules: ALL }])).toEqual(["packages/a/a.ts"]);
  });

  it("does not follow a link out of the root or into a folder never scanned", () => {
    const outside = tree(["e.ts"], {});
    const root = tree(["src/a.ts", "node_modules/dep/c.ts"], { "src/out": outside, "src/dep": "../node_modules/dep" });
    expect(walkTree(root, [{ base: "", rules: ALL }])).toEqual(["src/a.ts"]);
  });

  it("stops at maxFiles", () => {
    const root = tree(["a/1.ts", "a/2.ts", "b/3.ts", "b/4.ts"], { c: "a" });
    expect(walkTree(root, [{ base: "", rules: ALL }], undefined, 3)).toHaveLength(3);
  });

  it("reports a folder it cannot list, by the path it was reached under", () => {
    const root = tree(["src/a.ts"], {});
    const seen: string[] = [];
    walkTree(root, [{ base: "nope", rules: ALL }], (path, error) => seen.push(`${path}: ${error.code}`));
    expect(seen).toEqual(["nope: ENOENT"]);
  });

  it("scopes (the inventory's, lint's) follow links with fast-glob's rules applied to the link path", () => {
    const root = tree(["packages/a/src/index.ts", "shared/tools/t.ts", "shared/tools/t.test.ts"], {
      "packages/a/src/tools": "../../../shared/tools",
      "packages/a/src/loop": "..",
      "packages/a/src/main.ts": "index.ts",
    });
    const scope = { include: ["packages/**/*.ts"], exclude: ["**/*.test.ts"] };
    expect(walkScope(root, scope)).toEqual(["packages/a/src/index.ts", "packages/a/src/tools/t.ts"]);
    // A literal include that is a link to a listed file is that file.
    expect(walkScope(root, { include: ["packages/a/src/index.ts", "packages/a/src/main.ts"], exclude: [] })).toEqual([
      "packages/a/src/index.ts",
    ]);
  });
});
