/**
 * The byte-level lexer and the scanner on the syntax real trees are full of: each case must be
 * decided by the tokens alone (no fallback to the AST) and give the AST's facts exactly.
 */
import { describe, expect, it } from "vitest";
import { factsFromAst } from "./facts-from-ast.js";
import { scanUnsureReason, scanWithTokens } from "./scan-imports.js";

function same(text: string, file = "case.ts"): void {
  expect({ text, reason: scanUnsureReason(text, file) }).toEqual({ text, reason: null });
  expect({ text, ...scanWithTokens(text, file) }).toEqual({ text, ...factsFromAst(text, file) });
}

describe("token scanner decides real-world syntax like the AST", () => {
  it.each([
    'import { a } from "./a.js"; // trailing comment\r\nimport b from "./b.js";\r\n',
    'import { a } from "./a.js"; // mac line\rimport b from "./b.js";',
    '/* a — dash */ import { a } from "./a.js";\n// “quoted” — note\nexport * from "./c.js";',
    'const ttl = Math.ceil(idle! / this.res) * 2; import { x } from "./x.js";',
    "const t = `a${`b${c}`}d`; const r = require(`./r.js`);",
    "async function f(): Promise<Map<string, number>> { await g(); }\nimport { y } from './y.js';",
    "export async function f<A, B = unknown>(x: A): Promise<[A, B]> { return [x, await h()]; }",
    "interface I { readonly await: number; await(this: I, n?: number): void }\nexport { await_ as await };",
    "class C { await(n: number): number { return n; } }",
    'const big = 1_000n + 0x1Fn + 1e-5 + .5; import z from "./z.js";',
    'label: for (const x of xs) { if (x) continue label; } import w from "./w.js";',
    "#!/usr/bin/env node\nimport { v } from './v.js';",
    "export const raw = async (k: K): Promise<U> =>\n  new Uint8Array(await k.export());\nimport { q } from './q.js';",
    "const fs = [async () => (await a()), async (x) => [await x]];",
  ])("%s", (text) => same(text));

  it.each([
    'import { A } from "./a.js";\nexport const el = <A title="it\'s" on={() => require("./b.js")}>{x > 1 ? <b/> : "n\'t"}</A>;',
    "const f = <T,>(x: T) => x; const g = <T extends object>(x: T) => <div>{x as never}</div>;",
    'export default function App() { return (<><Nav /><p>don\'t {/* a comment */} stop</p></>); }\nimport("./lazy.js");',
    'export const el = <A on={() => x} b={() => y}>{[1].map((n) => <i key={n} />)}</A>;\nimport "./side.js";',
  ])("tsx: %s", (text) => same(text, "case.tsx"));

  it("still defers what only a parse can decide", () => {
    expect(scanWithTokens("await x;", "a.ts")).toBeNull();
    expect(scanWithTokens("const v = c ? await (x) : y;", "a.ts")).toBeNull();
    expect(scanWithTokens("export const f = async () => 1\nawait f()", "a.ts")).toBeNull();
    // A concise arrow body ends at a new line, a comma, a colon, or its brackets closing: what follows is module level.
    expect(scanWithTokens("export const f = async () => 1\n;(await f())", "a.ts")).toBeNull();
    expect(scanWithTokens("const v = c ? (x) => x : (await z);", "a.ts")).toBeNull();
    expect(scanWithTokens("const v = [(x) => x, (await z)];", "a.ts")).toBeNull();
    expect(scanWithTokens("g((x) => x); h((await z));", "a.ts")).toBeNull();
    expect(scanWithTokens("const t = `${(x) => x}${(await z)}`;", "a.ts")).toBeNull();
    expect(scanWithTokens("export const el = <A on={() => x} b={(await y)} />;", "a.tsx")).toBeNull();
    expect(scanWithTokens('import x from "./a\\u0062.js";', "a.ts")).toBeNull();
    expect(scanWithTokens("const s = 'unterminated;", "a.ts")).toBeNull();
  });
});
