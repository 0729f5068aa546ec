import { describe, expect, it } from "vitest";
import { commonPart, longestPartOf, NameIndex } from "./name-search.js";

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

  it("rules a file out by its root needles alone only when that is the whole answer", () => {
    const index = new NameIndex();
    const plan = index.plan(["Tool", "getBuiltinTools", "TOOL_MAP"]);
    if (plan === null) throw new Error("no plan");
    expect(plan.roots.map((b) => b.bytes.toString("latin1")).sort()).toEqual(["TOOL_MAP", "Tool"]);
    const test = (file: string, text: string) => index.test(file, plan, { bytes: () => Buffer.from(text, "latin1") });
    expect(test("none.ts", "const tool = getbuiltintools(); // TOOL_MA")).toEqual({ found: [], exact: false });
    // A needle at either end of the buffer, in a comment or in a string, is found.
    expect(test("start.ts", "Tool")).toEqual({ found: ["Tool"], exact: true });
    expect(test("end.ts", "x = 1; TOOL_MAP")).toEqual({ found: ["TOOL_MAP"], exact: true });
    expect(test("comment.ts", "// getBuiltinTools").found.sort()).toEqual(["Tool", "getBuiltinTools"]);
    expect(test("string.ts", "'TOOL_MAP'").exact).toBe(true);
    expect(test("read.ts", "class ReadFileTool {}")).toEqual({ found: ["Tool"], exact: false });
    // A file that holds a needle already is asked needle by needle (a later plan narrows to it).
    index.done(plan);
    const next = index.plan(["ReadFileTool"]);
    if (next === null) throw new Error("no plan");
    expect(next.roots).toEqual([]);
    expect(index.test("read.ts", next, { bytes: () => Buffer.from("class ReadFileTool {}", "latin1") })).toEqual({
      found: ["ReadFileTool"],
      exact: true,
    });
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

describe("the name search over thousands of names", () => {
  // Names holding `Tool` at several offsets, some standing alone, some only inside a longer identifier.
  const names = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `Tool${i}X` : `Gen${i}Tool`));
  const text = names
    .map((n, i) => (i % 5 === 0 ? `class My${n}Base {}` : i % 7 === 0 ? "" : `class ${n} extends Tool {}`))
    .join("\n");
  const ids = new Set(text.match(/[\w$]+/g) ?? []);

  it("finds each name as the per-name sweep would, and the parent of each as the longest searched part", () => {
    const index = new NameIndex();
    const files: Record<string, string> = { "big.ts": text };
    const plan0 = index.plan(["Tool"]);
    if (!plan0) throw new Error("no plan");
    index.test("big.ts", plan0, { bytes: () => Buffer.from(files["big.ts"] ?? "", "latin1") });
    index.done(plan0);
    const plan = index.plan([...names, "Gen1"]);
    if (!plan) throw new Error("no plan");
    expect(plan.parents.get("Gen13Tool")).toBe("Tool");
    expect(plan.parents.get("Gen1")).toBeNull();
    const longest = (n: string, among: readonly string[]) =>
      among.reduce<string | null>(
        (b, s) => (s.length < n.length && n.includes(s) && (b === null || s.length > b.length) ? s : b),
        null,
      );
    for (const [i, n] of plan.needles.entries())
      expect(plan.parents.get(n), n).toBe(longest(n, ["Tool"]) ?? longest(n, plan.needles.slice(0, i)));
    const r = index.test("big.ts", plan, { bytes: () => Buffer.from(text, "latin1") });
    const expected = plan.needles.filter((n) => {
      const p = plan.parents.get(n) ?? null;
      return p === null ? text.includes(n) : [...ids].some((id) => id.includes(n));
    });
    expect(r.found.sort()).toEqual(expected.sort());
    expect(r.found.length).toBeGreaterThan(2000);
    expect(r.found.length).toBeLessThan(names.length + 1);
    expect(r.exact).toBe(true);
  });

  it("picks the longest part among many shorter names, the first of equally long ones", () => {
    const among = new Set(["zzz", ...Array.from({ length: 200 }, (_, i) => `N${i}`), "Tool", "ReadTool", "FileTo"]);
    expect(longestPartOf("ReadFileTool", among)).toBe("FileTo");
    expect(longestPartOf("ReadToolX", among)).toBe("ReadTool");
    expect(longestPartOf("N1N2", among)).toBe("N1");
    expect(longestPartOf("Q", among)).toBeNull();
  });
});
