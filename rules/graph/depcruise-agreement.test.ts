/**
 * `capkit lint --cycles` against dependency-cruiser (set up in depcruise.ts to mean the same:
 * type-only imports and import() never close a cycle). The unit is the circular dependency —
 * a value import that lies on a cycle of value imports. On the real-shaped slice capkit's set
 * equals what `no-circular` flags, and the cycles named are the same. On depcruise-misses/
 * (the two shapes behind every difference on the real corpus) capkit's set still equals the
 * circular dependencies of dependency-cruiser's own graph, and the rule misses exactly the
 * planted dependency of each shape, for the reason the fixture's README gives.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../bin/capkit.js";
import { canonicalCycle, circularEdges } from "./import-cycles.js";
import { captureIO } from "../../bin/test-support/cli-io.js";
import { depcruiseCycles, type DepcruiseCycles } from "../test-support/depcruise.js";
import { FIXTURES } from "../test-support/rule-tester.js";

const SLICE = join(FIXTURES, "cycle-slice");
const MISSES = join(FIXTURES, "depcruise-misses");

interface CyclesJson {
  allCycles: { files: string[]; line: number; async: { file: string; line: number } | null }[];
}

async function capkitCycles(root: string, exit: number): Promise<CyclesJson["allCycles"]> {
  const io = captureIO(root);
  expect(await main(["lint", ".", "--cycles", "--json"], io)).toBe(exit);
  return (JSON.parse(io.out.join("")) as CyclesJson).allCycles;
}

let capkit: CyclesJson["allCycles"];
let depcruise: DepcruiseCycles;
let capkitMisses: CyclesJson["allCycles"];
let depcruiseMisses: DepcruiseCycles;

beforeAll(async () => {
  capkit = await capkitCycles(SLICE, 1);
  depcruise = await depcruiseCycles(SLICE, ["src"]);
  capkitMisses = await capkitCycles(MISSES, 1);
  depcruiseMisses = await depcruiseCycles(MISSES, ["src"]);
}, 60_000);

describe("capkit lint --cycles agrees with dependency-cruiser no-circular", () => {
  it("finds cycles of every kind the slice has (barrels, re-exports, an async store, a seam)", () => {
    expect(capkit.length).toBeGreaterThanOrEqual(6);
    expect(capkit.filter((c) => c.async).map((c) => c.files)).toEqual([["src/store/cache.ts", "src/store/repo.ts"]]);
    expect(capkit.some((c) => c.files.includes("src/tools/registry.ts"))).toBe(true);
  });

  it("flags the same circular dependencies", () => {
    expect(circularEdges(capkit)).toEqual(depcruise.edges);
    expect(depcruise.onCycle).toEqual(depcruise.edges);
    expect(depcruise.missed).toEqual([]);
  });

  it("names the same cycles", () => {
    const theirs = [...new Set(depcruise.cycles.map((c) => canonicalCycle(c).join(" → ")))].sort();
    expect(capkit.map((c) => c.files.join(" → "))).toEqual(theirs);
  });

  it("counts no cycle closed only by a type-only import or an import()", () => {
    const files = new Set(capkit.flatMap((c) => c.files));
    for (const f of [
      "src/internal/Observable.ts",
      "src/internal/types.ts",
      "src/shapes/types.ts",
      "src/shapes/describe.ts",
      "src/plugins/loader.ts",
      "src/plugins/heavy.ts",
    ]) {
      expect(files.has(f), f).toBe(false);
    }
  });
});

describe("where dependency-cruiser's rule misses a circular dependency its own graph holds", () => {
  it("capkit's circular dependencies are exactly those of dependency-cruiser's graph", () => {
    expect(circularEdges(capkitMisses)).toEqual(depcruiseMisses.onCycle);
  });

  it("the rule misses one dependency per shape, for the reason the fixture shows", () => {
    expect(depcruiseMisses.missed).toEqual([
      { edge: "src/search/a.ts → src/search/b.ts", reason: "search" },
      { edge: "src/via-only/a.ts → src/via-only/b.ts", reason: "viaOnly" },
    ]);
    const flagged = new Set(depcruiseMisses.edges);
    expect(depcruiseMisses.onCycle.filter((e) => !flagged.has(e))).toEqual(depcruiseMisses.missed.map((m) => m.edge));
    expect(depcruiseMisses.edges.every((e) => depcruiseMisses.onCycle.includes(e))).toBe(true);
  });

  it("capkit names a cycle of value imports through each missed dependency", () => {
    const through = (from: string, to: string) =>
      capkitMisses.find((c) => c.files.some((f, i) => f === from && c.files[(i + 1) % c.files.length] === to))?.files;
    expect(through("src/search/a.ts", "src/search/b.ts")).toEqual([
      "src/search/a.ts",
      "src/search/b.ts",
      "src/search/e.ts",
      "src/search/d.ts",
    ]);
    expect(through("src/via-only/a.ts", "src/via-only/b.ts")).toEqual([
      "src/via-only/a.ts",
      "src/via-only/b.ts",
      "src/via-only/v.ts",
    ]);
  });
});
