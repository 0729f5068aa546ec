import { describe, expect, it } from "vitest";
import { applyEdits, EditSet, OverlappingEditsError, spliceRange } from "./splice.js";

const TEXT = "0123456789";

describe("applyEdits: the one overlap policy", () => {
  it("leaves every byte outside the edits as it was, whatever order the edits come in", () => {
    const edits = [
      { start: 8, end: 9, text: "X" },
      { start: 1, end: 3, text: "" },
      { start: 5, end: 5, text: "+" },
    ];
    expect(applyEdits("f.ts", TEXT, edits)).toBe("034+567X9");
    expect(applyEdits("f.ts", TEXT, [...edits].reverse())).toBe("034+567X9");
  });

  it("applies identical edits once (two rewrites asking for the same import, the same insertion)", () => {
    const insert = { start: 0, end: 0, text: "import x;\n" };
    expect(applyEdits("f.ts", TEXT, [insert, { ...insert }])).toBe(`import x;\n${TEXT}`);
    const replace = { start: 2, end: 4, text: "ab" };
    expect(applyEdits("f.ts", TEXT, [replace, { ...replace }])).toBe("01ab456789");
  });

  it("lets deletions overlap: two removed statements that share a newline remove their union", () => {
    const text = "a;\nb;\nc;\n";
    const first = { start: 0, end: 3, text: "" }; // "a;\n"
    const second = { start: 2, end: 6, text: "" }; // "\nb;\n"
    expect(applyEdits("f.ts", text, [first, second])).toBe("c;\n");
    expect(applyEdits("f.ts", text, [second, first])).toBe("c;\n");
  });

  it("lets a deletion extend past a replacement and drops one wholly inside an earlier edit", () => {
    expect(
      applyEdits("f.ts", TEXT, [
        { start: 2, end: 5, text: "R" },
        { start: 4, end: 7, text: "" },
      ]),
    ).toBe("01R789");
    expect(
      applyEdits("f.ts", TEXT, [
        { start: 2, end: 8, text: "R" },
        { start: 3, end: 5, text: "" },
      ]),
    ).toBe("01R89");
  });

  it("puts insertions first, then replacements, then deletions when edits start at one position", () => {
    const edits = [
      { start: 3, end: 5, text: "" },
      { start: 3, end: 6, text: "R" },
      { start: 3, end: 3, text: "I" },
    ];
    expect(applyEdits("f.ts", TEXT, edits)).toBe("012IR6789");
    // Insertions at one position keep the caller's order.
    expect(
      applyEdits("f.ts", TEXT, [
        { start: 1, end: 1, text: "a" },
        { start: 1, end: 1, text: "b" },
      ]),
    ).toBe("0ab123456789");
  });

  it("refuses an insertion or replacement that starts inside an earlier edit, naming the file and both edits", () => {
    const call = () =>
      applyEdits("src/a.ts", TEXT, [
        { start: 2, end: 6, text: "R" },
        { start: 4, end: 8, text: "S" },
      ]);
    expect(call).toThrow(OverlappingEditsError);
    expect(call).toThrow("src/a.ts: overlapping edits at 2-6 and 4-8");
    expect(() =>
      applyEdits("src/a.ts", TEXT, [
        { start: 1, end: 5, text: "" },
        { start: 3, end: 3, text: "I" },
      ]),
    ).toThrow(OverlappingEditsError);
  });
});

describe("spliceRange", () => {
  it("returns the span with the edits inside it applied (positions are the file's)", () => {
    expect(spliceRange("f.ts", TEXT, 2, 8, [{ start: 4, end: 5, text: "four" }])).toBe("23four567");
    expect(
      spliceRange("f.ts", TEXT, 2, 8, [
        { start: 3, end: 5, text: "" },
        { start: 4, end: 6, text: "" },
      ]),
    ).toBe("267");
  });
});

describe("EditSet", () => {
  it("lets an outer rewrite take the text of a node with the inner edits applied, absorbing them", () => {
    const set = new EditSet("new A(x instanceof B)");
    set.add({ start: 19, end: 20, text: "b" });
    expect(set.peek(6, 20)).toBe("x instanceof b");
    expect(set.all()).toHaveLength(1);
    const inner = set.take(6, 20);
    expect(inner).toBe("x instanceof b");
    expect(set.all()).toHaveLength(0);
    set.add({ start: 0, end: 21, text: `a(${inner})` });
    expect(applyEdits("f.ts", "new A(x instanceof B)", set.all())).toBe("a(x instanceof b)");
  });
});
