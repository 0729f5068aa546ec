import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "./extract-file-facts.js";
import { inertBodies, liveBody, maskInertBodies } from "./mask.js";

const REPO = join(import.meta.dirname, "..", "..");

/** A big-enough file (the extractor masks from 4 KB) around the given code. */
const padded = (code: string) =>
  `${code}\n${"// padding padding padding padding padding padding padding\n".repeat(80)}`;

describe("maskInertBodies", () => {
  it("cuts a whole inert function and a whole inert interface down to their line breaks, handing back the function's export", () => {
    const text =
      "/** doc */\nexport function f(a: number, b = { x: 1 }): number {\n  let t = 0;\n  for (let k = 0; k < a; k++) t += Math.max(k, 2);\n  return t;\n}\nexport interface R {\n  readonly id: string;\n}\n";
    const masked = maskInertBodies(text);
    expect(masked?.text).toBe("\n".repeat(9));
    expect(masked?.exports).toEqual([{ exported: "f", local: "f", line: 2 }]);
  });

  it("cuts only the body and an inert signature when the function shares a line with other code", () => {
    const text =
      "export const a = 1; export function f(n: number): number {\n  return n * 2;\n}\nfunction g() {\n  return 1;\n} // trailing\n";
    const masked = maskInertBodies(text);
    expect(masked?.text).toBe("export const a = 1; export function f(){\n\n}\nfunction g() {\n\n} // trailing\n");
    expect(masked?.exports).toEqual([]);
  });

  it("hands back default, async, generator and overloaded exports with their lines, and none for anonymous or local functions", () => {
    const text = [
      "export function over(a: string): string;",
      "export function over(a: unknown): unknown {",
      "  return a;",
      "}",
      "export default async function main() {",
      "  return 1;",
      "}",
      "export async function* gen() {",
      "  yield 1;",
      "}",
      "function local() {",
      "  return 2;",
      "}",
      "",
    ].join("\r\n");
    expect(maskInertBodies(text)?.exports).toEqual([
      { exported: "over", local: "over", line: 2 },
      { exported: "default", local: "main", line: 5 },
      { exported: "gen", local: "gen", line: 8 },
    ]);
    expect(maskInertBodies("export default function () {\n  return 1;\n}\n")?.exports).toEqual([]);
  });

  it("cuts no whole function where a line break is not a \\n (a lone \\r or U+2028 would shift the lines)", () => {
    for (const br of ["\r", "\u2028"]) {
      const text = `export function f() {${br}  return 1;${br}}${br}`;
      expect(maskInertBodies(text)?.exports ?? [], JSON.stringify(br)).toEqual([]);
      expect(maskInertBodies(text)?.text, JSON.stringify(br)).toBe(`export function f() {${br}${br}}${br}`);
    }
  });

  it("keeps bodies that could yield a fact", () => {
    const live = [
      "helper(1);",
      "const x = a?.b ?? run?.(2);",
      "return make<Tool>(x);",
      "return make <Tool> (x);",
      "const t = new XTool();",
      "const t = new Map.Sub();",
      "class Local {}",
      "const m = { a: 'read' };",
      "type F = () => void;",
      "return [...items(x)];",
      // A member call that asks a model provider is an effect a class's process reaches.
      "return context.runProviderPrediction({ params });",
      "for await (const c of ctx.streamProviderPrediction(req)) yield c;",
    ];
    for (const body of live) expect(liveBody(body), body).toBe(true);
    const inert = [
      "const m = new Map<string, number>();",
      "return a.b(c) + this.d(e);",
      "for (const x of xs) if (x < y) total += x;",
      // Only code counts: a call or keyword in a comment, a string, a template's text or a regex literal yields no fact.
      "// helper(1) and class Foo {}\nreturn 1;",
      "/* new XTool() */ const s = 'helper(1)' + \"class\" + `new X() ${a.b}`;",
      "const re = /helper\\(1\\)/; return re;",
    ];
    for (const body of inert) expect(liveBody(body), body).toBe(false);
    // ...but a category string, code inside `${}`, and a decorator do.
    for (const body of ["const c = `write`;", "const s = `${helper(1)}`;", "@dec class X {}"])
      expect(liveBody(body), body).toBe(true);
  });

  it("gives up (null) when the lexical scan is unsure", () => {
    expect(inertBodies("function f() { return 'unterminated }\n")).toBeNull();
    expect(inertBodies("function f() { return 1;\n")).toBeNull();
    expect(inertBodies("function f() { return (1; }\n")).toBeNull();
  });

  it("handles strings, templates, regex literals and comments holding braces", () => {
    const text = [
      "export function a() {",
      "  const s = '}' + \"{\" + `${'{'}}` + `a${b + `${c}`}}`;",
      "  const r = /[}{]\\/}/g;",
      "  /* } */ // {",
      "  return s.length / 2 / r.lastIndex;",
      "}",
      "export class K extends Tool {}",
    ].join("\n");
    const ranges = inertBodies(text);
    expect(ranges).toHaveLength(1);
    // The whole function goes: from the file's start to its own `}`, not to a `}` in a string or regex.
    expect(ranges?.[0]?.start).toBe(0);
    expect(ranges?.[0]?.end).toBe(text.indexOf("\n}\n") + 2);
  });

  it("yields the same facts as a full parse on tricky code, and reports the same parse errors", () => {
    const cases = [
      padded(
        "import { Tool } from './t.js';\nexport function build() {\n  return [new ATool()];\n}\nfunction inert(x: number): { y: number } {\n  return { y: x * 2 };\n}\nexport class ATool extends Tool {\n  readonly name = 'a';\n}",
      ),
      padded(
        "export function gated(tools) {\n  return gateTools(tools, {});\n}\nfunction plain() {\n  const re = /}/;\n  return re.source;\n}",
      ),
      padded("function broken() {\n  return 1;\n}\nexport class B extends Tool {\n  name = ;\n}"),
      // Cut exports merge back in statement order among the others.
      padded(
        "export const a = 1;\nexport function b() {\n  return 2;\n}\nexport { a as c };\nexport default function d() {\n  return 3;\n}\nexport class E extends Tool {}\nexport function f(): void {\n  return;\n}\nexport default d;",
      ),
    ];
    for (const text of cases)
      expect(extractFileFacts("x.ts", text)).toEqual(extractFileFacts("x.ts", text, { mask: false }));
  });

  it("yields the same facts as a full parse on every fixture file", async () => {
    const files = await fg(
      [
        "inventory/__fixtures__/**/*.ts",
        "fixtures/nodetool-mini/**/*.ts",
        "inventory/extract/*.ts",
        "inventory/scan/*.ts",
      ],
      { cwd: REPO, ignore: ["**/node_modules/**"] },
    );
    expect(files.length).toBeGreaterThan(50);
    let masked = 0;
    for (const file of files) {
      const text = readFileSync(join(REPO, file), "utf8");
      if (maskInertBodies(text) !== null) masked++;
      expect(extractFileFacts(file, text), file).toEqual(extractFileFacts(file, text, { mask: false }));
    }
    expect(masked).toBeGreaterThan(0);
  });
});
