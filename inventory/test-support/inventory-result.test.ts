import { describe, expect, it } from "vitest";
import { scanCase } from "./fixtures.js";
import { classRecord, inventoryResult } from "./inventory-result.js";

describe("inventoryResult (test builder)", () => {
  it("counts the classes exactly as a scan of them does", async () => {
    const scanned = await scanCase("indirect-subclass");
    expect(scanned.classes.some((c) => !c.direct)).toBe(true);
    const built = inventoryResult(scanned.classes, { root: scanned.root });
    expect(built.counters).toEqual(scanned.counters);
  });

  it("fills a partial class and keeps defaults for overrides left undefined", () => {
    const built = inventoryResult(
      [
        classRecord({ name: "A", file: "x.ts", category: "read" }),
        classRecord({ name: "B", file: "y.ts", kind: "loop-protocol" }),
      ],
      {
        scannedFiles: undefined,
        incomplete: true,
      },
    );
    expect(built.classes[0]).toMatchObject({
      line: 1,
      base: "Tool",
      chain: ["Tool"],
      direct: true,
      kind: "capability",
      categorySource: "map",
      blockers: [],
    });
    expect(built.classes[1]?.categorySource).toBe("none");
    expect(built.scannedFiles).toBe(2);
    expect(built.incomplete).toBe(true);
    expect(built.counters.byNamespace).toEqual({ "(none)": 1 });
  });
});
