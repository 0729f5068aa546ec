import { describe, expect, it } from "vitest";
import { extractFileFacts } from "./extract-file-facts.js";

const heritageOf = (src: string) => extractFileFacts("a.ts", src).classes.map((c) => [c.name, c.heritage]);

describe("heritage facts", () => {
  it("records a plain extends as a path, without mixin arguments", () => {
    expect(heritageOf("class A extends core.Tool {}")).toEqual([
      ["A", { path: ["core", "Tool"], text: "core.Tool", line: 1 }],
    ]);
  });

  it("records a mixin call's identifier-path arguments with the callees they go through, nested calls flattened", () => {
    const [[, h]] = heritageOf(
      "class A extends WithRetry(mixins.Logging(core.Tool as any), opts, { n: 1 }, make()) {}",
    ) as [[string, unknown]];
    expect(h).toEqual({
      path: null,
      text: "WithRetry(mixins.Logging(core.Tool as any), opts, { n: 1 }, make())",
      line: 1,
      mixinArgs: [
        { through: ["WithRetry", "mixins.Logging"], path: ["core", "Tool"] },
        { through: ["WithRetry"], path: ["opts"] },
      ],
    });
  });

  it("keeps a mixin clause's text on one line, cut short", () => {
    const [[, h]] = heritageOf(
      `class A extends WithOptions(Tool, {\n  retries: 2,\n  note: "${"x".repeat(200)}",\n}) {}`,
    ) as [[string, { text: string }]];
    expect(h.text.startsWith("WithOptions(Tool, { retries: 2, note:")).toBe(true);
    expect(h.text).not.toContain("\n");
    expect(h.text.length).toBe(120);
  });

  it("ignores generic constraints and implements clauses", () => {
    expect(heritageOf("class Box<T extends Tool> implements Tool {}")).toEqual([["Box", null]]);
  });

  it("records top-level variables bound to a mixin call, not plain calls or nested variables", () => {
    const src = [
      "export const A = WithRetry(Tool);",
      "const B = (Logging(core.Tool) as unknown as typeof Tool), n = 2;",
      "let C = make();",
      "function f() { const D = WithRetry(Tool); return D; }",
    ].join("\n");
    expect(extractFileFacts("a.ts", src).mixinBindings).toEqual([
      { name: "A", text: "WithRetry(Tool)", line: 1, mixinArgs: [{ through: ["WithRetry"], path: ["Tool"] }] },
      { name: "B", text: "Logging(core.Tool)", line: 2, mixinArgs: [{ through: ["Logging"], path: ["core", "Tool"] }] },
    ]);
    expect(extractFileFacts("b.ts", "const x = 1;").mixinBindings).toBeUndefined();
  });
});
