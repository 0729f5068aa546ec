/**
 * `capkit lint --cycles` against dependency-cruiser's `no-circular` (set up in depcruise.ts to
 * mean the same: type-only imports and import() never close a cycle) on a real-shaped slice:
 * the same circular dependencies and the same cycles.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../../bin/capkit.js";
import { canonicalCycle, circularEdges } from "./import-cycles.js";
import { captureIO } from "../../bin/test-support/cli-io.js";
import { depcruiseCycles, type DepcruiseCycles } from "../test-support/depcruise.js";
import { FIXTURES } from "../test-support/rule-tester.js";

const TREE = join(FIXTURES, "cycle-slice");

interface CyclesJson {
  allCycles: { files: string[]; line: number; async: { file: string; line: number } | null }[];
}

let capkit: CyclesJson["allCycles"];
let depcruise: DepcruiseCycles;

beforeAll(async () => {
  const io = captureIO(TREE);
  expect(await main(["lint", ".", "--cycles", "--json"], io)).toBe(1);
  capkit = (JSON.parse(io.out.join("")) as CyclesJson).allCycles;
  depcruise = await depcruiseCycles(TREE, ["src"]);
}, 60_000);

describe("capkit lint --cycles agrees with dependency-cruiser no-circular", () => {
  it("finds cycles of every kind the slice has (barrels, re-exports, an async store, a seam)", () => {
    expect(capkit.length).toBeGreaterThanOrEqual(6);
    expect(capkit.filter((c) => c.async).map((c) => c.files)).toEqual([["src/store/cache.ts", "src/store/repo.ts"]]);
    expect(capkit.some((c) => c.files.includes("src/tools/registry.ts"))).toBe(true);
  });

  it("flags the same circular dependencies", () => {
    expect(circularEdges(capkit)).toEqual(depcruise.edges);
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
