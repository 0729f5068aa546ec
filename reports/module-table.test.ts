import { describe, expect, it } from "vitest";
import { FILES_LISTED, filesSummary, moduleTable } from "./module-table.js";
import { renderInventoryReport } from "./index.js";
import { sampleClass, sampleInventory } from "./test-support/sample-inventory.js";

const many = (n: number) =>
  Array.from({ length: n }, (_, i) => `packages/agents/src/tools/g${i % 4}/asset-op${String(i).padStart(3, "0")}.ts`);

function assetsInventory(files: readonly string[]) {
  return sampleInventory(
    files.map((file, i) => sampleClass({ name: `AssetOp${i}Tool`, kind: "capability", file, namespace: "assets" })),
  );
}

describe("filesSummary", () => {
  it("lists every file of a module with few", () => {
    const files = many(FILES_LISTED);
    expect(filesSummary(files)).toEqual(files);
  });

  it("summarises a module of many files: count, shared folder, the first few, how many more", () => {
    const files = many(200);
    expect(filesSummary(files)).toEqual([
      "200 files under packages/agents/src/tools/, first 5:",
      ...files.slice(0, 5),
      "… 195 more (capkit inventory --json lists each class's file)",
    ]);
  });

  it("names no folder when the files share none", () => {
    const files = [...many(10), "libs/other/src/x.ts"];
    expect(filesSummary(files)[0]).toBe("11 files, first 5:");
  });
});

describe("the module table of a module with hundreds of files", () => {
  const inventory = assetsInventory(many(300));

  it("keeps every file in the row data", () => {
    expect(moduleTable(inventory)[0]?.files).toHaveLength(300);
  });

  it("shows a seven-line cell in the terminal table", () => {
    const { output } = renderInventoryReport("table", { inventory }, { color: false });
    const block = output.slice(output.indexOf("Proposed capability modules"));
    const rows = block.split("\n").filter((l) => l.startsWith("│ "));
    expect(rows).toHaveLength(1 + 7);
    expect(rows[1]).toMatch(/^│ assets +│ 300 +│ 300 files under packages\/agents\/src\/tools\/, first 5: +│/);
    expect(rows.at(-1)).toContain("… 295 more");
  });

  it("shows the same summary in the Markdown table", () => {
    const { output } = renderInventoryReport("markdown", { inventory }, { color: false });
    const row = output.split("\n").find((l) => l.startsWith("| assets |"));
    expect(row?.split("<br>")).toHaveLength(7);
    expect(row).toContain(
      "300 files under packages/agents/src/tools/, first 5:<br>packages/agents/src/tools/g0/asset-op000.ts",
    );
  });
});
