import { describe, expect, it } from "vitest";
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from "../../lib/config/scan-section.js";
import { globToRegExp, scopeMatcher, staticFolders } from "./scope.js";

describe("history scope matching (fast-glob syntax on git paths)", () => {
  const inScope = scopeMatcher({ include: DEFAULT_INCLUDE, exclude: DEFAULT_EXCLUDE });

  it("follows the default measuring convention", () => {
    expect(inScope("packages/agents/src/tools/mcp-tools.ts")).toBe(true);
    expect(inScope("packages/ui/src/App.tsx")).toBe(true);
    expect(inScope("packages/agents/dist/index.ts")).toBe(false);
    expect(inScope("packages/agents/src/tools/mcp-tools.test.ts")).toBe(false);
    expect(inScope("packages/agents/tests/helpers.ts")).toBe(false);
    expect(inScope("packages/agents/src/__tests__/x.ts")).toBe(false);
    expect(inScope("packages/agents/src/types.d.ts")).toBe(false);
    expect(inScope("packages/agents/node_modules/x/index.ts")).toBe(false);
    expect(inScope("scripts/build.ts")).toBe(false);
    expect(inScope("packages/agents/package.json")).toBe(false);
  });

  it("handles the pattern forms config uses", () => {
    expect(globToRegExp("**/*.ts").test("a.ts")).toBe(true);
    expect(globToRegExp("**/*.ts").test("a/b/c.ts")).toBe(true);
    expect(globToRegExp("src/*.ts").test("src/a/b.ts")).toBe(false);
    expect(globToRegExp("src/?.ts").test("src/a.ts")).toBe(true);
    expect(globToRegExp("src/[ab].ts").test("src/c.ts")).toBe(false);
    expect(globToRegExp("lib/{a,b/{c,d}}.ts").test("lib/b/d.ts")).toBe(true);
    expect(globToRegExp("./apps/**").test("apps/x/y.ts")).toBe(true);
    expect(globToRegExp("a.b").test("axb")).toBe(false);
    expect(globToRegExp("**/*.ts").test(".github/a.ts")).toBe(false);
  });

  it("counts what the live scan counts in dot folders: skipped unless a pattern names them", () => {
    expect(inScope("packages/agents/.cache/x.ts")).toBe(false);
    expect(inScope("packages/.changeset/x.ts")).toBe(false);
    expect(inScope("packages/agents/src/.eslintrc.ts")).toBe(false);
    const dotFolder = scopeMatcher({ include: ["packages/.config/**/*.ts"], exclude: DEFAULT_EXCLUDE });
    expect(dotFolder("packages/.config/a/b.ts")).toBe(true);
    expect(dotFolder("packages/.config/.x/b.ts")).toBe(false);
    // Excludes match with dot: true, as fast-glob's `ignore` does.
    expect(dotFolder("packages/.config/dist/b.ts")).toBe(false);
  });

  it("applies fast-glob's folder skipping and literal includes", () => {
    const literalExclude = scopeMatcher({ include: ["packages/**/*.ts"], exclude: ["**/tests"] });
    expect(literalExclude("packages/a/tests/t.ts")).toBe(false);
    expect(literalExclude("packages/a/src/t.ts")).toBe(true);
    const fromBase = scopeMatcher({ include: ["packages/a/tests/**/*.ts"], exclude: ["**/tests"] });
    expect(fromBase("packages/a/tests/t.ts")).toBe(true);
    const literal = scopeMatcher({ include: ["packages/a/tests/t.ts"], exclude: ["**/tests"] });
    expect(literal("packages/a/tests/t.ts")).toBe(true);
    expect(literal("packages/a/tests/u.ts")).toBe(false);
    expect(scopeMatcher({ include: ["packages/**"], exclude: ["**/dist/**"] })("packages/a/dist")).toBe(false);
  });

  it("derives the folders to list from the include patterns", () => {
    expect(staticFolders({ include: DEFAULT_INCLUDE, exclude: [] })).toEqual(["packages"]);
    expect(staticFolders({ include: ["packages/**/*.ts", "apps/web/src/**/*.ts"], exclude: [] })).toEqual([
      "apps/web/src",
      "packages",
    ]);
    expect(staticFolders({ include: ["{packages,apps}/**/*.ts", "packages/a/**/*.js"], exclude: [] })).toEqual([
      "apps",
      "packages",
    ]);
    expect(staticFolders({ include: ["**/*.ts"], exclude: [] })).toEqual([]);
  });
});
