/**
 * Scopes outside capkit's glob dialect (fast-glob matches them) follow symlinks exactly as the
 * dialect walker does: once, loops end, a file reached twice is one file, no link out of the root
 * or into node_modules. Both consumers are checked: the inventory's discovery and lint's listing.
 */
import { rmSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { discoverFiles } from "../inventory/scan/discover.js";
import { listSourceFiles } from "../rules/graph/list-files.js";
import { globScope } from "./glob-scope.js";
import { scopeWalkProblem } from "./scope-rules.js";
import { walkScope } from "./scope-walk.js";
import { linkTree } from "./test-support/link-tree.js";

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const tree = (files: readonly string[], links: Record<string, string>): string =>
  linkTree("capkit-glob-scope-", temps, files, links);

/** A link to a folder outside the scope's base, one back to an ancestor, one out of the root, one into node_modules, a second link to a folder. */
function linkedTree(): string {
  const outside = tree(["out.ts"], {});
  return tree(["packages/a/src/index.ts", "packages/a/src/skip.ts", "shared/tools/t.ts", "node_modules/dep/d.ts"], {
    "packages/a/src/tools": "../../../shared/tools",
    "packages/a/src/tools-again": "../../../shared/tools",
    "packages/a/src/loop": "..",
    "packages/a/src/out": outside,
    "packages/a/src/dep": "../../../node_modules/dep",
    "packages/a/src/alias.ts": "index.ts",
  });
}

describe("fast-glob patterns outside the dialect follow symlinks like the tree walker", () => {
  const scope = { include: ["packages/**/!(skip).ts"], exclude: ["**/node_modules/**"] };

  it("globScope: followed once, the loop ends, a file reached twice is one file, no link out or into node_modules", () => {
    expect(scopeWalkProblem(scope)).toMatch(/extglob/);
    expect(globScope(linkedTree(), scope)).toEqual(["packages/a/src/index.ts", "packages/a/src/tools/t.ts"]);
  });

  it("the inventory's discovery lists the same", async () => {
    expect(await discoverFiles(linkedTree(), scope)).toEqual(["packages/a/src/index.ts", "packages/a/src/tools/t.ts"]);
  });

  it("lint with an ignore glob outside the dialect lists what the dialect walker lists", () => {
    const root = linkedTree();
    // shared/ is walked directly from the root: its file is listed there, not again through the links.
    const expected = ["packages/a/src/index.ts", "shared/tools/t.ts"];
    expect(listSourceFiles(root, ["**/skip.ts"])).toEqual(expected);
    expect(listSourceFiles(root, ["**/+(skip).ts"])).toEqual(expected);
    expect(listSourceFiles(root, ["shared/**"])).toEqual(
      ["packages/a/src/index.ts", "packages/a/src/tools/t.ts"].concat(["packages/a/src/skip.ts"]).sort(),
    );
    expect(listSourceFiles(root, ["@(shared)/**"])).toEqual(listSourceFiles(root, ["shared/**"]));
  });

  it("a link up to an ancestor the walk did not start from is a loop for both listers", () => {
    const root = tree(["vendor/v.ts", "packages/a/a.ts"], { "packages/a/up": "../.." });
    const expected = ["packages/a/a.ts"];
    expect(globScope(root, { include: ["packages/**/!(x).ts"], exclude: [] })).toEqual(expected);
    expect(walkScope(root, { include: ["packages/**/*.ts"], exclude: [] })).toEqual(expected);
  });

  it("an unreadable folder is reported, the rest is listed", () => {
    const root = linkedTree();
    const seen: string[] = [];
    globScope(root, { include: ["nope/**/!(x).ts", ...scope.include], exclude: [] }, (p, e) =>
      seen.push(`${p}: ${e.code}`),
    );
    expect(seen).toEqual(["nope: ENOENT"]);
  });
});
