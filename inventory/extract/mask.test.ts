import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "./extract-file-facts.js";
import { inertBodies, liveBody, maskInertBodies } from "./mask.js";

const REPO = join(import.meta.dirname, "..", "..");

/** A big-enough file (the extractor masks from 4 KB) around the given code. */
const padded = (code: string) => `${code}\n${"// padding padding padding padding padding padding padding\n".repeat(80)}`;

describe("maskInertBodies", () => {
  it("cuts an inert top-level function (signature and body) and a whole inert interface down to their line breaks", () => {
    const text = "/** doc */\nexport function f(a: number, b = { x: 1 }): number {\n  let t = 0;\n  for (let k = 0; k < a; k++) t += Math.max(k, 2);\n  return t;\n}\nexport interface R {\n  readonly id: string;\n}\n";
    const masked = maskInertBodies(text);
    expect(masked).not.toBeNull();
    expect(masked).toBe("/** doc */\nexport function f(){\n\n\n\n}\n\n\n\n");
    expect(masked?.split("\n").length).toBe(text.split("\n").length);
    expect(masked).toContain("export function f(");
    expect(masked).not.toContain("Math.max");
    expect(masked).not.toContain("readonly id");
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
    ];
    for (const body of live) expect(liveBody(body), body).toBe(true);
    const inert = ["const m = new Map<string, number>();", "return a.b(c) + this.d(e);", "for (const x of xs) if (x < y) total += x;", "// helper(1) is not a call here? comments count: kept"];
    expect(inert.slice(0, 3).map((b) => liveBody(b))).toEqual([false, false, false]);
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
    expect(text.slice((ranges?.[0]?.end ?? 0) - 1, (ranges?.[0]?.end ?? 0) + 2)).toBe("\n}\n");
  });

  it("yields the same facts as a full parse on tricky code, and reports the same parse errors", () => {
    const cases = [
      padded("import { Tool } from './t.js';\nexport function build() {\n  return [new ATool()];\n}\nfunction inert(x: number): { y: number } {\n  return { y: x * 2 };\n}\nexport class ATool extends Tool {\n  readonly name = 'a';\n}"),
      padded("export function gated(tools) {\n  return gateTools(tools, {});\n}\nfunction plain() {\n  const re = /}/;\n  return re.source;\n}"),
      padded("function broken() {\n  return 1;\n}\nexport class B extends Tool {\n  name = ;\n}"),
    ];
    for (const text of cases) expect(extractFileFacts("x.ts", text)).toEqual(extractFileFacts("x.ts", text, { mask: false }));
  });

  it("yields the same facts as a full parse on every fixture file", async () => {
    const files = await fg(["inventory/__fixtures__/**/*.ts", "fixtures/nodetool-mini/**/*.ts", "inventory/extract/*.ts", "inventory/scan/*.ts"], { cwd: REPO, ignore: ["**/node_modules/**"] });
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
