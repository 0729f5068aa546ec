import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractFileFacts } from "./extract/extract-file-facts.js";
import { bufferHints, bufferWantedInPhase2, candidateNames, textHints, wantedInPhase1 } from "./scan/prefilter.js";
import { fixturePath, scanCase } from "./test-support/fixtures.js";

const read = (c: string, p: string) => readFileSync(join(fixturePath(c), p), "utf8");

describe("extractFileFacts", () => {
  it("is pure and JSON-serialisable", () => {
    const text = read("classification", "packages/agents/src/planner/graph-planner.ts");
    const a = extractFileFacts("x/graph-planner.ts", text);
    const b = extractFileFacts("x/graph-planner.ts", text);
    expect(JSON.parse(JSON.stringify(a))).toEqual(b);
    expect(a.constructions.map((c) => [c.callee, c.scopes.at(-1), c.inLoop, c.assignedTo])).toEqual([
      [["SubmitGraphTool"], "GraphPlanner.plan", true, "tool"],
      [["ControlTool"], "GraphPlanner.plan", true, null],
    ]);
  });

  it("records imports with aliases, namespaces and type-only, and re-exports", () => {
    const f = extractFileFacts(
      "a.ts",
      'import { Tool as B, type X } from "./t.js";\nimport * as ns from "./n.js";\nexport { Tool as T2 } from "./t.js";\nexport * from "./all.js";\n',
    );
    expect(f.imports).toEqual([
      { specifier: "./t.js", imported: "Tool", local: "B", typeOnly: false, line: 1 },
      { specifier: "./t.js", imported: "X", local: "X", typeOnly: true, line: 1 },
      { specifier: "./n.js", imported: "*", local: "ns", typeOnly: false, line: 2 },
    ]);
    expect(f.reexports.map((r) => [r.imported, r.exported])).toEqual([
      ["Tool", "T2"],
      ["*", "*"],
    ]);
  });

  it("reports parse errors with line and column", () => {
    const f = extractFileFacts("broken.ts", read("parse-error", "packages/agents/src/tools/broken-tools.ts"));
    expect(f.parseErrors.length).toBeGreaterThan(0);
    expect(f.parseErrors[0]).toMatchObject({ line: 5, message: expect.stringMatching(/expected/i) });
  });
});

describe("text pre-filter", () => {
  it("finds subclasses through aliases by name, and skips files that never mention them", () => {
    const files = {
      a: 'import { Tool as Base } from "./t";\nclass A extends Base {}',
      b: "class B extends A {}",
      c: "class C extends EventEmitter {}\ninterface I extends Tool {}",
      d: "export function f<T extends Tool>() {}",
    };
    const hints = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, textHints(v)]));
    const names = candidateNames(["Tool"], Object.values(hints));
    expect([...names].sort()).toEqual(["A", "B", "Base", "Tool"]);
    expect(Object.keys(files).filter((k) => wantedInPhase1(hints[k]!, names))).toEqual(["a", "b"]);
  });
});

describe("class headers in the text pre-filter", () => {
  const heritagesOf = (text: string) => textHints(text).heritages.map((h) => [h.name, h.idents]);

  it("reads past braces in type parameters, mixin arguments and type arguments, and strings holding braces", () => {
    expect(heritagesOf("export class A<T extends { id: string } = { id: string }> extends Tool {}")).toEqual([
      ["A", ["Tool"]],
    ]);
    expect(heritagesOf("class B extends WithOptions({ n: '}' }, core.Tool) implements Shape {}")).toEqual([
      ["B", ["WithOptions", "n", "core", "Tool"]],
    ]);
    expect(heritagesOf("class C<F extends (x: number) => void> extends Base<{ a: 1 }> {}")).toEqual([
      ["C", ["Base", "a"]],
    ]);
  });

  it("names anonymous class expressions by their variable, and skips constraints, implements-only and commented headers", () => {
    expect(heritagesOf("export const D = class extends Tool {};")).toEqual([["D", ["Tool"]]]);
    expect(heritagesOf("class Box<T extends Tool<X>> { items: T[] = []; }")).toEqual([]);
    expect(heritagesOf("class Shape implements Tool { name = 'x'; }")).toEqual([]);
    expect(
      heritagesOf("// class Old extends Tool {}\n * class Doc extends Tool {}\nclass Live extends Tool {}"),
    ).toEqual([["Live", ["Tool"]]]);
  });
});

describe("byte-level gates", () => {
  it("never decode a file without extends or a re-export shape, and agree with textHints otherwise", () => {
    let decoded = 0;
    const hints = (t: string) => bufferHints(Buffer.from(t), () => (decoded++, t));
    expect(hints("export function f() { return new Map(); }")).toEqual(textHints(""));
    expect(decoded).toBe(0);
    for (const t of [
      "export * from './a.js';",
      "export type { A } from './a.js';",
      "export {\n  Tool as Base } from './t.js';",
      "class A extends Tool {}",
    ]) {
      expect(hints(t)).toEqual(textHints(t));
    }
    expect(decoded).toBe(4);
  });

  it("phase 2 finds `new X`, `new ns . X` and mentions, not prefixes or other words", () => {
    const names = new Set(["XTool"]);
    const wanted = (t: string) => bufferWantedInPhase2(Buffer.from(t), names, ["getBuiltinTools"]);
    expect(wanted("const t = new XTool();")).toBe(true);
    expect(wanted("const t = new core . XTool(a);")).toBe(true);
    expect(wanted("return [...getBuiltinTools()];")).toBe(true);
    expect(wanted("const t = new XToolbox(); renew XTool; new Map();")).toBe(false);
  });
});

describe("unparseable files", () => {
  it("are reported with file:line:col, the scan goes on and is marked incomplete", async () => {
    const r = await scanCase("parse-error");
    expect(r.incomplete).toBe(true);
    expect(r.problems[0]).toMatchObject({
      file: "packages/agents/src/tools/broken-tools.ts",
      line: 5,
      column: expect.any(Number),
    });
    expect(r.classes.map((c) => c.name)).toContain("FineTool");
    const broken = r.classes.find((c) => c.name === "BrokenTool");
    expect(broken?.blockers.map((b) => b.code)).toContain("parse-error");
  });
});
