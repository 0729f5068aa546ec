import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  expandWorkspaceGlobs,
  pnpmWorkspacePatterns,
  readWorkspaceGlobs,
  workspaceScanInclude,
} from "./workspace-globs.js";
import { listWorkspacePackages } from "./workspace-aliases.js";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-ws-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}
const pkg = (name: string) => JSON.stringify({ name });

describe("workspace layouts", () => {
  it("reads pnpm-workspace.yaml in block and flow style, quotes, comments and negations", () => {
    expect(
      pnpmWorkspacePatterns(
        "packages:\n  - \"libs/*\"\n  - libs/providers/*  # providers\n  - '!libs/old'\ncatalog:\n  zod: ^4\n",
      ),
    ).toEqual(["libs/*", "libs/providers/*", "!libs/old"]);
    expect(pnpmWorkspacePatterns("packages: [apps/*, 'tools/**']\n")).toEqual(["apps/*", "tools/**"]);
  });

  it("lists packages from npm/yarn workspaces (array or object), pnpm, lerna, or the conventional folders", () => {
    const npm = tree({
      "package.json": JSON.stringify({ workspaces: { packages: ["modules/*"] } }),
      "modules/a/package.json": pkg("@x/a"),
      "packages/b/package.json": pkg("@x/b"),
    });
    expect(listWorkspacePackages(npm).map((p) => p.dir)).toEqual(["modules/a"]);
    const pnpm = tree({
      "pnpm-workspace.yaml": "packages:\n  - libs/**\n  - '!libs/old/**'\n",
      "libs/a/package.json": pkg("a"),
      "libs/providers/b/package.json": pkg("b"),
      "libs/old/c/package.json": pkg("c"),
      "libs/a/node_modules/d/package.json": pkg("d"),
    });
    expect(expandWorkspaceGlobs(pnpm, readWorkspaceGlobs(pnpm))).toEqual(["libs/a", "libs/providers/b"]);
    const lerna = tree({
      "lerna.json": JSON.stringify({ packages: ["components/*"] }),
      "components/ui/package.json": pkg("ui"),
    });
    expect(listWorkspacePackages(lerna).map((p) => `${p.name} ${p.dir}`)).toEqual(["ui components/ui"]);
    const nx = tree({ "libs/a/package.json": pkg("a"), "apps/web/package.json": pkg("web") });
    expect(readWorkspaceGlobs(nx).source).toBe("default");
    expect(listWorkspacePackages(nx).map((p) => p.dir)).toEqual(["apps/web", "libs/a"]);
  });

  it("follows folder symlinks as the tree walker does: once, loops end, a package reached twice is one", () => {
    const outside = tree({ "out/package.json": pkg("out") });
    const root = tree({
      "pnpm-workspace.yaml": "packages:\n  - packages/*\n  - libs/**\n",
      "vendor/linked/package.json": pkg("linked"),
      "packages/real/package.json": pkg("real"),
      "libs/a/package.json": pkg("a"),
      "node_modules/dep/package.json": pkg("dep"),
    });
    symlinkSync("../vendor/linked", join(root, "packages/linked")); // a package behind a link
    symlinkSync("real", join(root, "packages/real-again")); // the same package a second way
    symlinkSync("..", join(root, "libs/a/loop")); // back to an ancestor
    symlinkSync(join(outside, "out"), join(root, "packages/out")); // out of the root
    symlinkSync("../node_modules/dep", join(root, "packages/dep")); // into node_modules
    expect(expandWorkspaceGlobs(root, readWorkspaceGlobs(root))).toEqual([
      "libs/a",
      "packages/linked",
      "packages/real",
    ]);
  });

  it("scopes the default scan to the workspace folders, packages/** when that is all", () => {
    const pnpm = tree({ "pnpm-workspace.yaml": "packages:\n  - libs/*\n  - libs/providers/*\n  - apps/*\n" });
    expect(workspaceScanInclude(pnpm, ["packages/**/*.ts"])).toEqual([
      "apps/**/*.{ts,tsx,mts,cts}",
      "libs/**/*.{ts,tsx,mts,cts}",
    ]);
    const classic = tree({ "package.json": JSON.stringify({ workspaces: ["packages/*"] }) });
    expect(workspaceScanInclude(classic, ["packages/**/*.ts"])).toEqual(["packages/**/*.ts"]);
    expect(workspaceScanInclude(tree({ "x.ts": "" }), ["packages/**/*.ts"])).toEqual(["packages/**/*.ts"]);
    // A single-package repository: its src/ (the default would find nothing).
    expect(workspaceScanInclude(tree({ "package.json": "{}", "src/a.ts": "" }), ["packages/**/*.ts"])).toEqual([
      "src/**/*.{ts,tsx,mts,cts}",
    ]);
    expect(workspaceScanInclude(tree({ "packages/a/x.ts": "", "src/a.ts": "" }), ["packages/**/*.ts"])).toEqual([
      "packages/**/*.ts",
    ]);
  });
});
