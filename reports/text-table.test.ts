import { describe, expect, it } from "vitest";
import { Chalk } from "chalk";
import { renderTextTable, wrapWords } from "./text-table.js";
import { closeSgrPerLine } from "./sgr-lines.js";
import { displayWidth, stripSgr, truncateToWidth } from "./text-width.js";

const c = new Chalk({ level: 1 });
const ESC = "\u001b";

describe("renderTextTable", () => {
  it("draws a header row, a rule between rows and columns as wide as their widest line", () => {
    const out = renderTextTable(
      [{ header: "name" }, { header: "n" }],
      [
        ["alpha", "1"],
        ["b\nlonger line", "22"],
      ],
    );
    expect(out).toBe(
      [
        "┌─────────────┬────┐",
        "│ name        │ n  │",
        "├─────────────┼────┤",
        "│ alpha       │ 1  │",
        "├─────────────┼────┤",
        "│ b           │ 22 │",
        "│ longer line │    │",
        "└─────────────┴────┘",
      ].join("\n"),
    );
  });

  it("wraps a capped column at word boundaries and cuts a word longer than the column with …", () => {
    const out = renderTextTable([{ header: "why", maxWidth: 14 }], [["made by a factory supercalifragilistic"]]);
    expect(out.split("\n")).toEqual([
      "┌──────────────┐",
      "│ why          │",
      "├──────────────┤",
      "│ made by a    │",
      "│ factory      │",
      "│ supercalifr… │",
      "└──────────────┘",
    ]);
  });

  it("does not widen a capped column past its content", () => {
    const out = renderTextTable([{ header: "why", maxWidth: 40 }], [["short"]]);
    expect(out.split("\n")[1]).toBe("│ why   │");
  });

  it("keeps blank lines and fills missing cells", () => {
    const out = renderTextTable([{ header: "a" }, { header: "b" }], [["x\n\ny"]]);
    expect(out.split("\n").slice(3, 6)).toEqual(["│ x │   │", "│   │   │", "│ y │   │"]);
  });

  it("measures without colour codes and wide characters as two columns", () => {
    const plain = renderTextTable([{ header: "k" }, { header: "v" }], [["ListTool", "字符"]]);
    const coloured = renderTextTable([{ header: "k" }, { header: "v" }], [[c.red("ListTool"), c.dim("字符")]]);
    expect(stripSgr(coloured)).toBe(plain);
    expect(plain.split("\n")[3]).toBe("│ ListTool │ 字符 │");
  });

  it("closes a colour at the end of each wrapped line and reopens it on the next", () => {
    const out = renderTextTable([{ header: "why", maxWidth: 10 }], [[c.red("one two three four")]], {
      border: c.gray,
      head: c.bold,
    });
    const body = out.split("\n").slice(3, -1);
    expect(body.map(stripSgr)).toEqual(["│ one two  │", "│ three    │", "│ four     │"]);
    const side = c.gray("│");
    for (const line of body) {
      // each line's text is red on its own, and the red is switched off before the padding and border
      expect(line.slice(side.length, -side.length)).toMatch(/^ \u001b\[31m[a-z ]+\u001b\[39m +$/);
    }
    expect(out.split("\n")[1]).toContain(c.bold(" why      "));
  });

  it("renders a 2,000-row table with a 500-line cell completely and in order", () => {
    const files = Array.from({ length: 500 }, (_, i) => `packages/p${i % 7}/src/tools/t${i}-tools.ts`);
    const rows = Array.from({ length: 2000 }, (_, i) => [
      `${c.red(`Tool${i}`)}\n${c.dim(`src/t${i}.ts:${i + 1}`)}`,
      "assembled by getAllMcpTools (packages/agents/src/tools/mcp-tools.ts:40)",
    ]);
    rows.push(["modules", files.join("\n")]);
    const out = renderTextTable([{ header: "class" }, { header: "why", maxWidth: 40 }], rows, { border: c.gray });
    const lines = stripSgr(out).split("\n");
    // top + header + (rule + lines) per row + bottom: each class's why wraps into two lines.
    expect(lines).toHaveLength(2 + 2000 * 3 + 1 + 500 + 1);
    expect(new Set(lines.map((l) => displayWidth(l))).size).toBe(1);
    expect(lines[3]).toMatch(/^│ Tool0 +│ assembled by getAllMcpTools +│$/);
    expect(lines[4]).toMatch(/^│ src\/t0\.ts:1 +│ \(packages\/agents\/src\/tools\/mcp-tools\.… │$/);
    expect(lines.filter((l) => /^│ Tool\d+ /.test(l)).map((l) => l.split(" ")[1])).toEqual(
      rows.slice(0, 2000).map((_, i) => `Tool${i}`),
    );
    const moduleLines = lines.slice(-501, -1).map((l) => l.split("│")[2]?.trim());
    expect(moduleLines).toEqual(files);
  });
});

describe("wrapWords", () => {
  it("keeps the spacing between words and puts an over-long word on its own line", () => {
    expect(wrapWords("a  b verylongword c", 6)).toEqual(["a  b", "verylongword", "c"]);
    expect(wrapWords("", 5)).toEqual([""]);
  });
});

describe("text width", () => {
  it("counts SGR codes as nothing, CJK and emoji as two, combining marks as zero", () => {
    expect(displayWidth(c.bold.red("abc"))).toBe(3);
    expect(displayWidth("字符")).toBe(4);
    expect(displayWidth("🙂")).toBe(2);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("↳ …")).toBe(3);
  });

  it("truncates to a width, keeping colour codes and closing them before the ellipsis", () => {
    expect(truncateToWidth("abcdef", 4)).toBe("abc…");
    expect(truncateToWidth("abc", 4)).toBe("abc");
    expect(truncateToWidth("字符字符", 5)).toBe("字符…");
    const cut = truncateToWidth(c.red("abcdef"), 4);
    expect(stripSgr(cut)).toBe("abc…");
    expect(cut).toBe(`${ESC}[31mabc${ESC}[0m…`);
  });
});

describe("closeSgrPerLine", () => {
  it("closes what is still open at a line's end and reopens it on the next line", () => {
    const lines = [`${ESC}[1m${ESC}[38;5;208mbold orange`, `still${ESC}[22m orange`, `${ESC}[0mplain`];
    expect(closeSgrPerLine(lines)).toEqual([
      `${ESC}[1m${ESC}[38;5;208mbold orange${ESC}[22m${ESC}[39m`,
      `${ESC}[1m${ESC}[38;5;208mstill${ESC}[22m orange${ESC}[39m`,
      `${ESC}[38;5;208m${ESC}[0mplain`,
    ]);
  });
});
