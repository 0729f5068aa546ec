import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from "../../lib/config/scan-section.js";
import { EnvironmentError } from "../../lib/errors.js";
import { discoverFiles, globFiles, type ScanScope } from "./discover.js";
import { scopeWalkProblem } from "../../lib/scope-rules.js";

/** Files of the temp tree: dot folders, build output, test folders, declarations, nested packages. */
const FILES = [
  "packages/a/src/index.ts",
  "packages/a/src/util.tsx",
  "packages/a/src/x1.mts",
  "packages/a/src/y.cts",
  "packages/a/src/z.js",
  "packages/a/src/types.d.ts",
  "packages/a/src/index.test.ts",
  "packages/a/src/.hidden.ts",
  "packages/a/dist/index.ts",
  "packages/a/dist/deep/more.ts",
  "packages/a/node_modules/dep/index.ts",
  "packages/a/tests/helper.ts",
  "packages/a/test/helper.ts",
  "packages/a/__tests__/a.ts",
  "packages/a/.cache/cached.ts",
  "packages/.config/tool.ts",
  "packages/.config/dist/built.ts",
  "packages/.config/tests/t.ts",
  "packages/.config/.deeper/d.ts",
  "packages/b/packages/nested/src/n.ts",
  "packages/b/src/ab.ts",
  "packages/b/src/a1.ts",
  "packages/b/c.spec.ts",
  "packages/b/dist",
  "dist/root.ts",
  "dist/sub/deep.ts",
  "apps/web/src/page.ts",
  ".github/workflow.ts",
  "top.ts",
];

/** [link, target]: a folder and a file symlink, a broken one, and a symlinked folder used as a base. */
const SYMLINKS = [
  ["packages/a/linked-dir", "../../apps"],
  ["packages/a/src/linked.ts", "index.ts"],
  ["packages/a/src/broken.ts", "missing.ts"],
  ["packages/linked-pkg", "../apps"],
  ["linkbase", "apps"],
] as const;

let root = "";

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "capkit-discover-"));
  for (const file of FILES) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), "export {};\n");
  }
  for (const [link, target] of SYMLINKS) symlinkSync(target, join(root, link));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** How many symlinks a root-relative path passes through. */
function linksOn(path: string): number {
  const parts = path.split("/");
  return parts.filter((_, i) => lstatSync(join(root, ...parts.slice(0, i + 1))).isSymbolicLink()).length;
}

/**
 * The reference: fast-glob with the options discovery has always used, but following symlinks
 * (the tree has no loop), with each real file kept once, under the path through the fewest links,
 * then the first in order: what the walker promises (lib/tree-walk.ts).
 */
async function viaFastGlob(scope: ScanScope): Promise<string[]> {
  const { default: fg } = await import("fast-glob");
  const listed = await fg([...scope.include], {
    cwd: root,
    ignore: [...scope.exclude],
    dot: false,
    followSymbolicLinks: true,
  });
  const byReal = new Map<string, string>();
  for (const path of listed.sort()) {
    const real = realpathSync(join(root, path));
    const kept = byReal.get(real);
    if (kept === undefined || linksOn(path) < linksOn(kept)) byReal.set(real, path);
  }
  return [...byReal.values()].sort();
}

const DEFAULT_SCOPE: ScanScope = { include: DEFAULT_INCLUDE, exclude: DEFAULT_EXCLUDE };

describe("discoverFiles walks the tree the way fast-glob globs it", () => {
  it("lists the default scope: no dot folders, build output, tests or declarations; symlinks followed once", async () => {
    expect(scopeWalkProblem(DEFAULT_SCOPE)).toBeNull();
    expect(await discoverFiles(root, DEFAULT_SCOPE)).toEqual([
      "packages/a/linked-dir/web/src/page.ts", // apps/ is out of scope: listed through the first link to it
      "packages/a/src/index.ts", // and not again as packages/a/src/linked.ts
      "packages/a/src/util.tsx",
      "packages/a/src/x1.mts",
      "packages/a/src/y.cts",
      "packages/b/packages/nested/src/n.ts",
      "packages/b/src/a1.ts",
      "packages/b/src/ab.ts",
    ]);
    expect(await discoverFiles(root, DEFAULT_SCOPE)).toEqual(await viaFastGlob(DEFAULT_SCOPE));
    expect(await globFiles(root, DEFAULT_SCOPE)).toEqual(await viaFastGlob(DEFAULT_SCOPE));
  });

  it.each<[string, ScanScope]>([
    ["brace alternatives across folders", { include: ["{packages,apps}/**/*.{ts,tsx}"], exclude: ["**/dist/**"] }],
    [
      "`?` and classes",
      { include: ["packages/*/src/a?.ts", "packages/*/src/[!i]*.ts", "packages/[ab]/src/[x-z]*"], exclude: [] },
    ],
    [
      "a literal dot-folder include (excludes still match inside it)",
      { include: ["packages/.config/**/*.ts"], exclude: DEFAULT_EXCLUDE },
    ],
    [
      "a dot folder named in braces, `**/tests` skipping only non-dot folders",
      { include: ["packages/{.config,a}/**/*.ts"], exclude: ["**/tests"] },
    ],
    [
      "a dot folder below a wildcard (`**` still never enters .config)",
      { include: ["packages/*/.cache/*.ts", "**/.deeper/*.ts"], exclude: [] },
    ],
    ["an exclude `dist/*` that keeps deeper files", { include: ["**/*.ts"], exclude: ["dist/*"] }],
    ["`x/**` excluding a file named x", { include: ["packages/**"], exclude: ["**/dist/**"] }],
    [
      "literal includes: lstat, no folder skipped",
      {
        include: ["packages/a/src/index.ts", "packages/a/src/linked.ts", "packages/a/tests/helper.ts"],
        exclude: ["**/tests"],
      },
    ],
    [
      "a base below a `**/dist` exclude is still listed",
      { include: ["packages/a/dist/**/*.ts"], exclude: ["**/dist"] },
    ],
    ["a symlinked folder as the base is followed", { include: ["linkbase/**/*.ts"], exclude: [] }],
    ["a real folder and links to it: each file once, under its real path", { include: ["**/*.ts"], exclude: [] }],
    ["patterns at the root, no excludes", { include: ["**/*", "*.ts"], exclude: [] }],
    [
      "bases nested in each other",
      { include: ["packages/**/*.ts", "packages/a/src/*.tsx"], exclude: ["**/node_modules/**", "**/a"] },
    ],
  ])("%s", async (_name, scope) => {
    expect(scopeWalkProblem(scope)).toBeNull();
    const expected = await viaFastGlob(scope);
    expect(expected.length).toBeGreaterThan(0);
    expect(await discoverFiles(root, scope)).toEqual(expected);
    // The lister for patterns outside the dialect (fast-glob over the link-adapted tree) agrees.
    expect(await globFiles(root, scope)).toEqual(expected);
  });

  it("lists nothing for an exclude that covers the base, as fast-glob does", async () => {
    const scope: ScanScope = { include: ["packages/a/src/**/*.ts"], exclude: ["packages/*/**"] };
    expect(await viaFastGlob(scope)).toEqual([]);
    expect(await discoverFiles(root, scope)).toEqual([]);
  });

  it("falls back to fast-glob for patterns outside the dialect, following links as the walker does", async () => {
    const extglob: ScanScope = { include: ["packages/*/src/!(index).ts"], exclude: ["**/*.d.ts"] };
    expect(scopeWalkProblem(extglob)).toMatch(/extglob/);
    // micromatch's own reading of `!(index)`: it lets a dotfile in and keeps index.test.ts out.
    // linked.ts, a link to index.ts, is followed: its target is not listed under its own path.
    expect(await discoverFiles(root, extglob)).toEqual([
      "packages/a/src/.hidden.ts",
      "packages/a/src/linked.ts",
      "packages/b/src/a1.ts",
      "packages/b/src/ab.ts",
    ]);
    const dotSlash: ScanScope = { include: ["./apps/**/*.ts"], exclude: [] };
    expect(scopeWalkProblem(dotSlash)).toMatch(/leading \.\//);
    expect(await discoverFiles(root, dotSlash)).toEqual(["./apps/web/src/page.ts"]);
  });

  it("keeps the EnvironmentError for a missing root", async () => {
    await expect(discoverFiles(join(root, "nope"), DEFAULT_SCOPE)).rejects.toBeInstanceOf(EnvironmentError);
    await expect(discoverFiles(join(root, "top.ts"), DEFAULT_SCOPE)).rejects.toThrow(/not a directory/);
  });
});
