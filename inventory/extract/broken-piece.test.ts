/**
 * A big file with a syntax error in one piece is not parsed again whole: the error comes back at
 * its line from the piece's neighbourhood, and every other piece's classes are still found. A
 * file too large for the heap is reported naming it and the fix. Limits are injected, so the
 * files stay small; the parses are counted, never timed.
 */
import { describe, expect, it, vi } from "vitest";

const parsedLengths: number[] = [];
vi.mock("./parse.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./parse.js")>();
  return {
    ...real,
    parseFile: (relPath: string, text: string) => {
      parsedLengths.push(text.length);
      return real.parseFile(relPath, text);
    },
  };
});

const { extractFileFacts } = await import("./extract-file-facts.js");

const cls = (i: number) =>
  `export class Gen${i}Tool extends Tool {\n  readonly name = "gen_${i}";\n  async process() {\n    return ${i};\n  }\n}\n`;

function manyClasses(n: number, brokenAt: number): { text: string; line: number } {
  const parts = ['import { Tool } from "./base-tool.js";\n'];
  let line = 2;
  let brokenLine = 0;
  for (let i = 0; i < n; i++) {
    if (i === brokenAt) {
      brokenLine = line;
      parts.push("export const broken = ;\n");
      line++;
    }
    parts.push(cls(i));
    line += 6;
  }
  return { text: parts.join(""), line: brokenLine };
}

describe("a big file with a broken piece", () => {
  it("reports the error at its line without a whole-file parse, and finds every class", () => {
    const { text, line } = manyClasses(200, 120);
    parsedLengths.length = 0;
    const facts = extractFileFacts("tools/many.ts", text, { chunkChars: 2048, wholeParseChars: 4096 });
    expect(facts.classes).toHaveLength(200);
    expect(facts.parseErrors.map((e) => e.line)).toEqual([line]);
    expect(Math.max(...parsedLengths)).toBeLessThan(text.length / 4);
  });

  it("a file small enough is parsed whole as before", () => {
    const { text } = manyClasses(200, 120);
    parsedLengths.length = 0;
    extractFileFacts("tools/many.ts", text, { chunkChars: 2048 });
    expect(Math.max(...parsedLengths)).toBe(text.length);
  });

  it("a file that cannot be cut and does not fit the heap is a problem naming it and the fix", () => {
    const body = Array.from({ length: 3000 }, (_, i) => `    if (p === ${i}) return ${i};\n`).join("");
    const text = `export class Huge extends Tool {\n  async process(p: number) {\n${body}  }\n}\n`;
    parsedLengths.length = 0;
    const facts = extractFileFacts("tools/huge.ts", text, { chunkChars: 4096, heapLimitBytes: 1e6 });
    expect(parsedLengths).toEqual([]);
    expect(facts.classes).toEqual([]);
    expect(facts.parseErrors).toHaveLength(1);
    expect(facts.parseErrors[0]?.message).toContain("tools/huge.ts");
    expect(facts.parseErrors[0]?.message).toContain("--max-old-space-size");
  });
});
