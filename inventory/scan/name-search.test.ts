import { describe, expect, it } from "vitest";
import { commonPart, NameIndex } from "./name-search.js";

const FILES: Record<string, string> = {
  "a.ts": "class ReadFileTool extends Tool {}",
  "b.ts": "const t = new Tooltip();",
  "c.ts": "import { getBuiltinTools } from './belt';",
  "d.ts": "export const nothing = 1;",
};

/** Runs a plan over every file the plan says must be tested; returns the files read and the exact hits. */
function run(index: NameIndex, names: readonly string[]) {
  const plan = index.plan(names);
  if (plan === null) return { read: [] as string[], exact: [] as string[] };
  const visit = plan.wide ? Object.keys(FILES) : [...index.filesWith(plan.narrowedTo)];
  const read: string[] = [];
  const exact: string[] = [];
  for (const file of visit) {
    const r = index.test(file, plan, { bytes: () => (read.push(file), Buffer.from(FILES[file] ?? "", "latin1")) });
    if (r.exact) exact.push(file);
  }
  index.done(plan);
  return { read: [...new Set(read)].sort(), exact: exact.sort() };
}

describe("the name search", () => {
  it("finds names as substrings, and says where one stands as a whole identifier", () => {
    const index = new NameIndex();
    const first = run(index, ["Tool", "getBuiltinTools"]);
    expect(first.read).toEqual(["a.ts", "b.ts", "c.ts", "d.ts"]);
    // b.ts holds `Tool` only inside `Tooltip`: a hit that narrows, not one that names.
    expect(first.exact).toEqual(["a.ts", "c.ts"]);
    expect(index.hitsOf("b.ts")).toEqual(["Tool"]);
    expect(index.hitsOf("c.ts").sort()).toEqual(["Tool", "getBuiltinTools"]);
    expect(index.hitsOf("d.ts")).toEqual([]);
  });

  it("narrows a name that contains a searched one to that one's files, and reads nothing else", () => {
    const index = new NameIndex();
    run(index, ["Tool"]);
    const second = run(index, ["ReadFileTool", "Tooltip"]);
    expect(second.read).toEqual(["a.ts", "b.ts", "c.ts"]);
    expect(second.exact).toEqual(["a.ts", "b.ts"]);
    expect(run(index, ["ReadFileTool"])).toEqual({ read: [], exact: [] });
  });

  it("searches a batch's common part too, so that the next batch narrows to it", () => {
    expect(commonPart(["HttpFetcher", "GrpcFetcher"])).toBe("Fetcher");
    expect(commonPart(["ab", "cd"])).toBeNull();
    const index = new NameIndex();
    const plan = index.plan(["HttpFetcher", "GrpcFetcher"]);
    expect(plan?.needles).toEqual(["Fetcher", "GrpcFetcher", "HttpFetcher"]);
    expect(plan?.parents.get("HttpFetcher")).toBe("Fetcher");
    expect(plan?.wide).toBe(true);
  });

  it("takes an answer from a cache entry instead of the bytes", () => {
    const index = new NameIndex();
    const plan = index.plan(["Tool"]);
    if (plan === null) throw new Error("no plan");
    const r = index.test("x.ts", plan, {
      cached: () => true,
      bytes: () => {
        throw new Error("read");
      },
    });
    expect(r).toEqual({ found: ["Tool"], exact: false });
  });
});
