import { describe, expect, it } from "vitest";
import { RareNeedle } from "./rare-search.js";

/** Every occurrence by `Buffer.indexOf`, the reference. */
function all(buf: Buffer, needle: string): number[] {
  const out: number[] = [];
  for (let p = buf.indexOf(needle, 0, "latin1"); p !== -1; p = buf.indexOf(needle, p + 1, "latin1")) out.push(p);
  return out;
}
function allRare(buf: Buffer, needle: RareNeedle): number[] {
  const out: number[] = [];
  for (let p = needle.indexIn(buf); p !== -1; p = needle.indexIn(buf, p + 1)) out.push(p);
  return out;
}

describe("the rare-byte needle search", () => {
  it("finds what Buffer.indexOf finds, in order: at either end of the buffer, overlapping, next to near misses", () => {
    const texts = [
      "TOOL_PERMISSION_CATEGORIES",
      "x TOOL_PERMISSION_CATEGORIES",
      "OOL_PERMISSION_CATEGORIES TOOL_PERMISSION_CATEGORIE TOOL_PERMISSION_CATEGORIES",
      "GORIES GORIES_CATEGORIES // 'TOOL_PERMISSION_CATEGORIES'",
      "",
      "G",
    ];
    for (const name of ["TOOL_PERMISSION_CATEGORIES", "CATEGORIES", "Tool", "aGaGa", "GG"]) {
      const needle = new RareNeedle(name);
      for (const text of [...texts, "aGaGaGaGa", "GGGG"]) {
        const buf = Buffer.from(text, "latin1");
        expect(allRare(buf, needle), `${name} in ${text}`).toEqual(all(buf, name));
      }
    }
  });

  it("starts at the offset asked, as indexOf does", () => {
    const buf = Buffer.from("ab TOOL_MAP cd TOOL_MAP", "latin1");
    const needle = new RareNeedle("TOOL_MAP");
    expect(needle.indexIn(buf, 4)).toBe(buf.indexOf("TOOL_MAP", 4));
    expect(needle.indexIn(buf, 3)).toBe(3);
    expect(needle.indexIn(buf, 100)).toBe(-1);
  });
});
