import { describe, expect, it } from "vitest";
import { renameIdentifiers, namesDeclaredInText } from "./rename-identifiers.js";

const renames = new Map([
  ["Ctx", "Ctx2"],
  ["clip", "clip2"],
]);

describe("renameIdentifiers", () => {
  it("renames references and declarations, never member names", () => {
    const text = [
      "function clip(ctx: Ctx, s: string): string {",
      "  const o = { clip: 1, Ctx: 2 };",
      "  return o.clip + s.clip + clip.name + String(o.Ctx);",
      "}",
      "type T = { clip(): void; Ctx: Ctx };",
    ].join("\n");
    expect(renameIdentifiers(text, renames, "statements")).toBe(
      [
        "function clip2(ctx: Ctx2, s: string): string {",
        "  const o = { clip: 1, Ctx: 2 };",
        "  return o.clip + s.clip + clip2.name + String(o.Ctx);",
        "}",
        "type T = { clip(): void; Ctx: Ctx2 };",
      ].join("\n"),
    );
  });

  it("keeps the key of a shorthand property or binding", () => {
    expect(renameIdentifiers("const a = { clip };\nconst { clip: c, Ctx } = a;", renames, "statements")).toBe(
      "const a = { clip: clip2 };\nconst { clip: c, Ctx: Ctx2 } = a;",
    );
  });

  it("parses an exports entry as an array element", () => {
    expect(
      renameIdentifiers("    { spec: s, impl: async (run) => clip(run.context as Ctx) },", renames, "element"),
    ).toBe("    { spec: s, impl: async (run) => clip2(run.context as Ctx2) },");
  });
});

describe("namesDeclaredInText", () => {
  it("lists what statements declare at the top level", () => {
    expect(
      namesDeclaredInText(
        "const [a, { b }] = x;\nfunction f() { const inner = 1; }\ninterface I {}\nexport type T = 1;",
      ),
    ).toEqual(["a", "b", "f", "I", "T"]);
  });
});
