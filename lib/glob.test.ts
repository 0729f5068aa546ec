import { describe, expect, it } from "vitest";
import { anyGlobRegExp, expandBraces, globDialectProblem, globToRegExp, isPlainGlob } from "./glob.js";

const dotTrue = (g: string, p: string) => globToRegExp(g, { dot: true }).test(p);
const dotFalse = (g: string, p: string) => globToRegExp(g, { dot: false }).test(p);

describe("globToRegExp", () => {
  it.each([
    ["**/*.ts", "a.ts", true],
    ["**/*.ts", "a/b/c.ts", true],
    ["src/*.ts", "src/a/b.ts", false],
    ["src/?.ts", "src/a.ts", true],
    ["src/?.ts", "src/ab.ts", false],
    ["src/[ab].ts", "src/c.ts", false],
    ["src/[a-c].ts", "src/b.ts", true],
    ["src/[!a].ts", "src/b.ts", true],
    ["src/[^a].ts", "src/a.ts", false],
    ["a[!x]b", "a/b", false],
    ["lib/{a,b/{c,d}}.ts", "lib/b/d.ts", true],
    ["lib/{a,b/{c,d}}.ts", "lib/b.ts", false],
    ["./apps/**", "apps/x/y.ts", true],
    ["a.b", "axb", false],
    ["a+b(c)", "a+b(c)", true],
    ["runtime/**", "runtime/sandbox/host.ts", true],
    ["a/**/b", "a/b", true],
    ["a{b", "a{b", true],
  ])("%s against %s → %s, with either dot option", (glob, path, expected) => {
    expect(dotTrue(glob, path)).toBe(expected);
    expect(dotFalse(glob, path)).toBe(expected);
  });

  it("dot: true lets every wildcard match dot segments", () => {
    expect(dotTrue("packages/**/*.ts", "packages/.cache/a.ts")).toBe(true);
    expect(dotTrue("packages/*.ts", "packages/.eslintrc.ts")).toBe(true);
    expect(dotTrue("packages/?x", "packages/.x")).toBe(true);
    expect(dotTrue("packages/**", "packages/.git/config")).toBe(true);
  });

  it("dot: false keeps `*`, `?` and `**` off segments that start with a dot, as fast-glob does", () => {
    expect(dotFalse("packages/**/*.ts", "packages/.cache/a.ts")).toBe(false);
    expect(dotFalse("packages/**/*.ts", "packages/a/.b/c/d.ts")).toBe(false);
    expect(dotFalse("packages/*.ts", "packages/.eslintrc.ts")).toBe(false);
    expect(dotFalse("packages/?x", "packages/.x")).toBe(false);
    expect(dotFalse("packages/**", "packages/.git/config")).toBe(false);
    expect(dotFalse("**/*.ts", ".github/a.ts")).toBe(false);
    // Mid-segment wildcards still match a dot; only the segment's first character is guarded.
    expect(dotFalse("packages/a*.ts", "packages/a.b.ts")).toBe(true);
    expect(dotFalse("packages/**/*.ts", "packages/a.b/c.d.ts")).toBe(true);
  });

  it("dot: false still matches a dot segment the pattern spells out", () => {
    expect(dotFalse("packages/.config/**/*.ts", "packages/.config/a/b.ts")).toBe(true);
    expect(dotFalse("packages/.config/**/*.ts", "packages/.config/.x/b.ts")).toBe(false);
    expect(dotFalse("**/.eslintrc.*", "a/b/.eslintrc.ts")).toBe(true);
    expect(dotFalse("packages/{.config,src}/*.ts", "packages/.config/a.ts")).toBe(true);
    expect(dotFalse("packages/{a,}*.ts", "packages/.x.ts")).toBe(false);
    // fast-glob does not guard classes: `[.c]config` and `[!c]b` both match a leading dot.
    expect(dotFalse("packages/[.c]config/a.ts", "packages/.config/a.ts")).toBe(true);
    expect(dotFalse("x/[!c]b.ts", "x/.b.ts")).toBe(true);
  });

  it("caches one RegExp per glob and option", () => {
    expect(globToRegExp("a/**", { dot: true })).toBe(globToRegExp("a/**", { dot: true }));
    expect(globToRegExp("a/**", { dot: true })).not.toBe(globToRegExp("a/**", { dot: false }));
  });
});

describe("anyGlobRegExp", () => {
  it("matches when any glob matches, anchored, and never for an empty list", () => {
    const re = anyGlobRegExp(["**/dist/**", "**/*.d.ts"], { dot: true });
    expect(re.test("packages/a/dist/x.ts")).toBe(true);
    expect(re.test("packages/a/x.d.ts")).toBe(true);
    expect(re.test("packages/a/x.ts")).toBe(false);
    expect(anyGlobRegExp(["a.ts"], { dot: true }).test("xa.ts")).toBe(false);
    expect(anyGlobRegExp([], { dot: true }).test("")).toBe(false);
  });
});

describe("expandBraces", () => {
  it("expands nested and sequential alternatives, and leaves an unclosed brace alone", () => {
    expect(expandBraces("a/{b,c{d,e}}.ts").sort()).toEqual(["a/b.ts", "a/cd.ts", "a/ce.ts"]);
    expect(expandBraces("{a,b}/{c,d}").sort()).toEqual(["a/c", "a/d", "b/c", "b/d"]);
    expect(expandBraces("a/{b,}/c").sort()).toEqual(["a//c", "a/b/c"]);
    expect(expandBraces("a{b/*.ts")).toEqual(["a{b/*.ts"]);
    expect(expandBraces("packages/**/*.ts")).toEqual(["packages/**/*.ts"]);
  });
});

describe("isPlainGlob", () => {
  it.each([
    "packages/**/*.{ts,tsx,mts,cts}",
    "**/node_modules/**",
    "src/[!a]?.ts",
    "./apps/**",
    "packages/@scope/{a,{b,c}}/*.ts",
    "**/*.d.ts",
  ])("accepts %s", (glob) => expect(isPlainGlob(glob)).toBe(true));

  it.each([
    ["!**/dist/**", "`!` negation"],
    ["src/@(a|b).ts", "extglob"],
    ["src/+(a).ts", "extglob"],
    ["src/!(a).ts", "extglob"],
    ["src/*(a).ts", "extglob"],
    ["src/?(a).ts", "extglob"],
    ["app/(auth)/page.tsx", "group"],
    ["src/\\*.ts", "backslash"],
    ["src/{1..3}.ts", "range"],
    ["src/{a}.ts", "without alternatives"],
    ["src/{a,b.ts", "unclosed"],
    ["src/[[:alpha:]].ts", "class"],
    ["src/a**.ts", "inside a segment"],
    ["../src/*.ts", "segment"],
    ["/abs/*.ts", "absolute"],
    ["src//*.ts", "doubled"],
  ])("rejects %s (%s)", (glob, reason) => {
    expect(isPlainGlob(glob)).toBe(false);
    expect(globDialectProblem(glob)).toContain(reason);
  });
});
