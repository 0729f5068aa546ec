import { describe, expect, it } from "vitest";
import type { Codemod } from "../codemod.js";
import {
  checkUnits,
  compareFiles,
  describeCodemodFixtures,
  discoverFixtureCases,
  inventoryFromPartial,
  runFixtureCase,
} from "./index.js";

/** A toy codemod: renames `foo` to `bar` in .ts files, refuses files with a REFUSE marker. */
const toy: Codemod = {
  name: "toy-rename",
  description: "test double",
  run(tree) {
    return tree
      .list()
      .filter((p) => p.endsWith(".ts"))
      .map((path) => {
        const text = tree.readOrThrow(path);
        if (text.includes("REFUSE"))
          return {
            codemod: "toy-rename",
            outcome: "refused" as const,
            unit: path,
            file: path,
            line: 1,
            reason: "REFUSE marker",
          };
        const next = text.replace(/\bfoo\b/g, "bar");
        if (next === text)
          return { codemod: "toy-rename", outcome: "unchanged" as const, unit: path, file: path, line: 1 };
        tree.write(path, next);
        return { codemod: "toy-rename", outcome: "changed" as const, unit: path, file: path, line: 1 };
      });
  },
};

const FIXTURES = new URL("./__testfixtures__", import.meta.url);

describeCodemodFixtures(toy, FIXTURES);

describe("codemod fixture helper", () => {
  it("reports missing, extra and differing files", () => {
    const problems = compareFiles(
      new Map([
        ["a", "1"],
        ["b", "2"],
      ]),
      new Map([
        ["b", "3"],
        ["c", "4"],
      ]),
    );
    expect(problems.map((p) => p.split(":")[0])).toEqual(["missing file", "content differs", "extra file"]);
  });

  it("fails on a refusal nobody listed and on a listed outcome that did not happen", async () => {
    const [fixture] = discoverFixtureCases(new URL(FIXTURES).pathname);
    if (!fixture) throw new Error("fixture missing");
    const report = await runFixtureCase(toy, {
      ...fixture,
      expected: { units: [{ unit: "src/a.ts", outcome: "refused" }] },
    });
    const problems = checkUnits(
      { ...fixture, expected: { units: [{ unit: "src/a.ts", outcome: "refused" }] } },
      report.results,
    );
    expect(problems.some((p) => p.startsWith("expected src/a.ts → refused"))).toBe(true);
    expect(problems.some((p) => p.startsWith("unexpected refused: src/b.ts"))).toBe(true);
  });

  it("detects a codemod that is not idempotent", async () => {
    const [fixture] = discoverFixtureCases(new URL(FIXTURES).pathname);
    if (!fixture) throw new Error("fixture missing");
    const appender: Codemod = {
      name: "appender",
      description: "",
      run: (tree) => (tree.write("src/a.ts", `${tree.readOrThrow("src/a.ts")}//x\n`), []),
    };
    const report = await runFixtureCase(appender, fixture);
    expect(report.idempotenceProblems).toContain("second run modifys src/a.ts");
  });

  it("fills a partial inventory and derives counters", () => {
    const inv = inventoryFromPartial(
      {
        classes: [
          { name: "A", file: "x.ts", namespace: "ns" },
          { name: "B", file: "x.ts", kind: "loop-protocol" },
        ],
      },
      "/r",
    );
    expect(inv.counters.capabilityShaped).toBe(1);
    expect(inv.counters.loopProtocol).toBe(1);
    expect(inv.counters.byNamespace).toEqual({ ns: 1 });
    expect(inv.classes[0]?.blockers).toEqual([]);
  });
});
