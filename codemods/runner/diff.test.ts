import { createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import { coarsePatch, planDiff } from "./diff.js";

const jsdiff = (from: string, to: string, before: string, after: string) =>
  createTwoFilesPatch(from, to, before, after, "", "", { context: 3 });

describe("the dry-run diff", () => {
  // Where the minimal diff is one block, the linear one-hunk diff is the same text.
  const cases: [string, string, string][] = [
    ["created", "", "a\nb\n"],
    ["deleted", "a\nb\n", ""],
    ["one block in the middle", "1\n2\n3\n4\nold\n5\n6\n7\n8\n", "1\n2\n3\n4\nnew\nnewer\n5\n6\n7\n8\n"],
    ["at the start", "old\n1\n2\n", "new\n1\n2\n"],
    ["no line break at the end", "1\n2\nlast", "1\n2\nlast\n"],
    ["both without a final line break", "1\nx", "1\ny"],
    ["unchanged", "same\n", "same\n"],
  ];
  for (const [name, before, after] of cases)
    it(`one-hunk diff equals jsdiff's: ${name}`, () => {
      expect(coarsePatch("a/f.ts", "b/f.ts", before, after)).toBe(jsdiff("a/f.ts", "b/f.ts", before, after));
    });

  it("a file rewritten on every line still gets a diff that turns the old text into the new", () => {
    const n = 5000;
    const before = Array.from({ length: n }, (_, i) => `  new Gen${i}Tool(),\n`).join("");
    const after = Array.from({ length: n }, (_, i) => `  toolFor("gen_${i}"),\n`).join("");
    const diff = planDiff([{ kind: "modify", path: "belt.ts", before, after }]);
    const minus = diff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---"));
    const plus = diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++"));
    expect(minus).toHaveLength(n);
    expect(plus).toHaveLength(n);
  });
});
