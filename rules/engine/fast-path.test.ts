/**
 * `capkit lint` takes a fast path (token-scanned graph, rules run as plain functions); these
 * tests hold it to the plugin: the same violations as ESLint's Linter running all five rules
 * on every file of the same trees, and the token scanner's import facts equal to a full
 * TypeScript parse on every source file of capkit and the NodeTool-shaped fixture.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectViolations } from "./lint-engine.js";
import { lintWithEslint } from "./eslint-run.js";
import { factsFromAst } from "../graph/facts-from-ast.js";
import { listSourceFiles } from "../graph/list-files.js";
import { scanWithTokens } from "../graph/scan-imports.js";
import { RULE_NAMES } from "../messages.js";
import { loadSeamConfig } from "../seam/load-config.js";
import { FIXTURES } from "../test-support/rule-tester.js";

const REPO = join(FIXTURES, "..", "..");
const NODETOOL = join(REPO, "fixtures", "nodetool-mini");
const ALL_RULES = RULE_NAMES;
const trees = ["seam-graph", "specs", "esbuild-deadlock", "esbuild-deadlock-fixed", "cycle-slice"].map((t) =>
  join(FIXTURES, t),
);
if (existsSync(NODETOOL)) trees.push(NODETOOL);

const key = (v: { rule: string; file: string; line: number; message: string }) =>
  `${v.file}:${v.line} ${v.rule} ${v.message}`;

describe("fast path ≡ ESLint Linter with the plugin", () => {
  it.each(trees)("same violations on %s", async (root) => {
    const config = loadSeamConfig(root);
    const fast = (await collectViolations(root, config)).all.map(key).sort();
    const eslint = lintWithEslint(root, listSourceFiles(root, config.ignore), ALL_RULES).map(key).sort();
    expect(fast).toEqual(eslint);
    if (!root.endsWith("fixed") && root !== NODETOOL)
      expect(new Set(fast.map((k) => k.split(" ")[1])).size).toBeGreaterThan(1);
  });
});

describe("token scanner ≡ TypeScript AST", () => {
  const roots: [string, string[]][] = [
    [REPO, ["fixtures/**"]],
    [join(FIXTURES), []],
  ];
  if (existsSync(NODETOOL)) roots.push([NODETOOL, []]);
  it.each(roots)("same import facts on every file under %s", (root, ignore) => {
    let decided = 0;
    for (const rel of listSourceFiles(root, ignore)) {
      const text = readFileSync(join(root, rel), "utf8");
      const fast = scanWithTokens(text, rel);
      if (!fast) continue; // the scanner deferred to the AST itself
      decided++;
      expect({ rel, ...fast }).toEqual({ rel, ...factsFromAst(text, rel) });
    }
    expect(decided).toBeGreaterThan(0);
  });

  it("decides the tricky syntax the same way", () => {
    const cases = [
      'const re = /["\'`]/g; import { a } from "./a.js";',
      'const t = `${"}"}`; export { b } from "./b.js";',
      'import type, { c } from "./c.js";',
      'import type from "./d.js";',
      'import { type e, f } from "./e.js";',
      'export type * from "./g.js";',
      'import h = require("./h.js");',
      'if (!/x/.test(s)) { void 0 } const r = require("./i.js");',
      "function f(): Promise<string[]> { return await x; }",
      "for await (const x of xs) {}",
      'const m = await import("./j.js");',
      'type M = typeof import("./k.js");',
      'let n: import("./l.js").T;',
      'obj.require("./m.js"); import.meta.url;',
    ];
    for (const text of cases) {
      const fast = scanWithTokens(text, "case.ts");
      if (fast) expect({ text, ...fast }).toEqual({ text, ...factsFromAst(text, "case.ts") });
    }
    expect(scanWithTokens("for await (const x of xs) {}", "a.ts")).toBeNull();
    expect(scanWithTokens("async function f() { await x; }", "a.ts")).not.toBeNull();
    // An object type in a return type is not the body: the await inside the body is not top-level…
    expect(
      scanWithTokens("async function f(): Promise<{ a: string }> { return { a: await g() }; }", "a.ts"),
    ).not.toBeNull();
    expect(scanWithTokens("const f = async (x: T): { a: string } => { await g(x); };", "a.ts")).not.toBeNull();
    // …and one after such a function still is.
    expect(scanWithTokens("function f(): { a: 1 } { return { a: 1 }; }\nawait x;", "a.ts")).toBeNull();
    expect(factsFromAst("function f(): { a: 1 } { return { a: 1 }; }\nawait x;", "a.ts").topLevelAwait).toBe(2);
  });
});
