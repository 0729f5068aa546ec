import { describe, expect, it } from "vitest";
import { KINDS, type RatchetOutcome } from "../inventory/types.js";
import type { HistoryResult } from "../inventory/history/types.js";
import { colorEnabled, isReporterName, REPORTER_NAMES, renderInventoryReport, trendLine } from "./index.js";
import { loadReporter } from "./load-reporter.js";
import { mixedInventory, sampleClass, sampleInventory } from "./test-support/sample-inventory.js";

const ANSI = /\u001b\[/;

const worse: RatchetOutcome = {
  status: "worse",
  baselineFile: ".capkit/baseline.json",
  deltas: [{ counter: "capabilityShaped", baseline: 2, current: 3 }],
  added: [{ name: "SendEmailTool", file: "packages/agents/src/tools/email-tools.ts", line: 10, kind: "capability" }],
  removed: [],
  hint: "write it as a capability module, or run capkit inventory --update-baseline",
};

function history(values: number[]): HistoryResult {
  const inv = mixedInventory();
  return {
    version: 1,
    root: "/repo",
    generatedAt: "2026-11-30T00:00:00.000Z",
    ref: "HEAD",
    cache: { hits: 0, misses: 0, blobs: 0, unchangedCommits: 0, sameShapeCommits: 0 },
    commits: values.map((v, i) => ({
      sha: `${i}`.padStart(40, "a"),
      date: `2026-11-${String(i + 1).padStart(2, "0")}T00:00:00Z`,
      subject: `commit ${i}`,
      counters: { ...inv.counters, capabilityShaped: v },
      byNamespace: {},
      scannedFiles: 10,
      problems: 0,
    })),
  };
}

describe("reporter table", () => {
  it("lists every reporter by name", () => {
    expect(REPORTER_NAMES.sort()).toEqual(["github", "json", "markdown", "table"]);
    expect(isReporterName("markdown")).toBe(true);
    expect(isReporterName("toString")).toBe(false);
  });

  it("decides colour from NO_COLOR, FORCE_COLOR and the TTY", () => {
    expect(colorEnabled({ NO_COLOR: "1" }, true)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: "1" }, false)).toBe(true);
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
  });
});

describe("table reporter", () => {
  it("renders counters, classes and the ratchet without colour", () => {
    const { output, exitCode } = renderInventoryReport(
      "table",
      { inventory: mixedInventory(), ratchet: worse },
      { color: false },
    );
    expect(output).not.toMatch(ANSI);
    expect(exitCode).toBe(1);
    expect(output).toMatchSnapshot();
  });

  it("colours only when asked", () => {
    const { output } = renderInventoryReport("table", { inventory: mixedInventory() }, { color: true });
    expect(output).toMatch(ANSI);
  });

  it("loads, without colour, a table identical to the coloured reporter's uncoloured one", async () => {
    const report = { inventory: mixedInventory(), ratchet: worse };
    const plain = await loadReporter("table", false);
    const coloured = await loadReporter("table", true);
    const expected = renderInventoryReport("table", report, { color: false });
    expect(plain(report, { color: false })).toEqual(expected);
    expect(coloured(report, { color: false })).toEqual(expected);
    expect(coloured(report, { color: true }).output).toMatch(ANSI);
  });

  it("says when there is nothing to list", () => {
    const { output, exitCode } = renderInventoryReport("table", { inventory: sampleInventory([]) }, { color: false });
    expect(output).toContain("no subclasses of the base class found");
    expect(exitCode).toBe(0);
  });
});

describe("json reporter", () => {
  it("emits the inventory --json contract (docs/architecture.md), every kind in byKind", () => {
    const inv = mixedInventory();
    const { output, exitCode } = renderInventoryReport("json", { inventory: inv }, { color: true });
    const doc = JSON.parse(output);
    expect(Object.keys(doc).slice(0, 3)).toEqual(["root", "counters", "classes"]);
    expect(doc.root).toBe("/repo");
    expect(doc.counters.extendsTool).toEqual({ occurrences: 4, files: 3 });
    expect(doc.counters.capabilityShaped).toBe(3);
    expect(doc.counters.loopProtocol).toBe(1);
    expect(Object.keys(doc.counters.byKind)).toEqual([...KINDS]);
    expect(doc.classes).toHaveLength(5);
    expect(Object.keys(doc.classes[0]).slice(0, 10)).toEqual([
      "name",
      "file",
      "line",
      "base",
      "kind",
      "wireName",
      "namespace",
      "category",
      "evidence",
      "blockers",
    ]);
    expect(doc.classes[4].name).toBeNull();
    expect(doc.ratchet).toBeUndefined();
    expect(output).not.toMatch(ANSI);
    expect(exitCode).toBe(0);
  });

  it("adds the ratchet outcome and fails on worse", () => {
    const { output, exitCode } = renderInventoryReport(
      "json",
      { inventory: mixedInventory(), ratchet: worse },
      { color: false },
    );
    expect(JSON.parse(output).ratchet.status).toBe("worse");
    expect(exitCode).toBe(1);
  });
});

describe("exit codes", () => {
  const cases: [string, RatchetOutcome["status"] | undefined, boolean, number][] = [
    ["no ratchet", undefined, false, 0],
    ["ok", "ok", false, 0],
    ["better", "better", false, 0],
    ["worse", "worse", false, 1],
    ["no-baseline", "no-baseline", false, 1],
    ["incomplete", "ok", true, 1],
  ];
  for (const [label, status, incomplete, expected] of cases) {
    it(`${label} → ${expected} for every reporter`, () => {
      const inventory = sampleInventory([sampleClass({ name: "ATool", kind: "capability" })], { incomplete });
      const ratchet = status ? { ...worse, status } : undefined;
      for (const name of REPORTER_NAMES) {
        expect(renderInventoryReport(name, { inventory, ratchet }, { color: false }).exitCode).toBe(expected);
      }
    });
  }
});

describe("markdown reporter", () => {
  it("shows the counters, the trend line and the ratchet", () => {
    const { output } = renderInventoryReport(
      "markdown",
      { inventory: mixedInventory(), ratchet: worse },
      { color: false, trend: history([41, 30, 12]) },
    );
    expect(output).toContain("**capability-shaped: 3** (target 0)");
    expect(output).toContain("capability-shaped 41 → 12 over 3 commits");
    expect(output).toContain("❌ ratchet WORSE than .capkit/baseline.json: capability-shaped 2 → 3");
    expect(output).toContain("new capability: SendEmailTool (packages/agents/src/tools/email-tools.ts:10)");
    expect(output).toContain("<details><summary>5 classes</summary>");
    expect(output).toMatchSnapshot();
  });

  it("says 1 class, not 1 classes, in the markdown summary", () => {
    const one = sampleClass({ name: "XTool", kind: "capability" });
    const { output } = renderInventoryReport("markdown", { inventory: sampleInventory([one]) }, { color: false });
    expect(output).toContain("<details><summary>1 class</summary>");
  });

  it("keeps table cells intact and HTML inert", () => {
    const hostile = sampleClass({ name: "XTool", kind: "capability", evidence: ["a | b <script>alert(1)</script>"] });
    const { output } = renderInventoryReport("markdown", { inventory: sampleInventory([hostile]) }, { color: false });
    expect(output).toContain("a \\| b &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(output).not.toContain("<script>");
  });

  it("leaves the trend out without history", () => {
    expect(trendLine(undefined)).toBeUndefined();
    expect(trendLine(history([1]))).toBe("capability-shaped 1 → 1 over 1 commit; loop-protocol 1 → 1");
    const { output } = renderInventoryReport("markdown", { inventory: mixedInventory() }, { color: false });
    expect(output).not.toContain("Trend:");
  });
});

describe("github reporter", () => {
  it("does not warn on the category fallback of never-gated kinds (loop-protocol, supervisor)", () => {
    const classes = [
      sampleClass({
        name: "SubmitGraphTool",
        kind: "loop-protocol",
        wireName: "submit_graph",
        category: "external",
        categorySource: "fallback",
      }),
      sampleClass({
        name: "GetRunStateTool",
        kind: "supervisor",
        wireName: "get_run_state",
        category: "external",
        categorySource: "fallback",
      }),
      sampleClass({
        name: "HttpPostTool",
        kind: "capability",
        wireName: "http_post",
        category: "external",
        categorySource: "fallback",
      }),
    ];
    const { output } = renderInventoryReport("github", { inventory: sampleInventory(classes) }, { color: false });
    const fallback = output.split("\n").filter((l) => l.includes("by fallback"));
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toContain("http_post");
  });

  it("annotates new classes as errors and fallbacks and problems as warnings", () => {
    const inventory = sampleInventory(mixedInventory().classes, {
      problems: [{ file: "packages/x/src/bad,name.ts", line: 3, column: 7, message: "'}' expected.\nsecond line" }],
      incomplete: true,
    });
    const { output, exitCode } = renderInventoryReport("github", { inventory, ratchet: worse }, { color: false });
    const lines = output.trimEnd().split("\n");
    expect(lines).toContain(
      "::error file=packages/agents/src/tools/email-tools.ts,line=10,title=capkit%3A new capability class::SendEmailTool is a new capability subclass of the base class; the ratchet allows none. Write it as a capability module instead. write it as a capability module, or run capkit inventory --update-baseline",
    );
    expect(
      lines.some((l) =>
        l.startsWith("::error file=.capkit/baseline.json,title=capkit ratchet%3A capability-shaped grew::"),
      ),
    ).toBe(true);
    expect(lines).toContain(
      "::warning file=packages/x/src/bad%2Cname.ts,line=3,title=capkit%3A file not scanned::'}' expected.%0Asecond line",
    );
    const fallback = lines.filter((l) => l.startsWith("::warning") && l.includes("by fallback"));
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toContain("file=packages/agents/src/tools/email-tools.ts,line=10");
    expect(lines.at(-1)).toBe(
      "capkit inventory: capability-shaped 3, loop-protocol 1, extends Tool 4 in 3 files (incomplete)",
    );
    expect(exitCode).toBe(1);
  });

  it("reports a missing baseline as an error and a shrink as a notice", () => {
    const inventory = mixedInventory();
    const missing = renderInventoryReport(
      "github",
      { inventory, ratchet: { ...worse, status: "no-baseline", added: [], deltas: [] } },
      { color: false },
    );
    expect(missing.output).toMatch(/^::error file=\.capkit\/baseline\.json,title=capkit ratchet::No ratchet baseline/m);
    const better = renderInventoryReport(
      "github",
      {
        inventory,
        ratchet: {
          ...worse,
          status: "better",
          added: [],
          deltas: [{ counter: "capabilityShaped", baseline: 5, current: 3 }],
        },
      },
      { color: false },
    );
    expect(better.output).toMatch(/^::notice .*::capability-shaped 5 → 3/m);
    expect(better.output).not.toContain("::error");
    expect(better.exitCode).toBe(0);
  });
});

describe("blocker codes in the table and markdown", () => {
  it("lists a repeated code once with its count", () => {
    const blocker = (code: string, line: number) => ({ code, message: `m${line}`, file: "a.ts", line });
    const k = sampleClass({
      name: "SerpTool",
      kind: "capability",
      blockers: [blocker("unknown-ctor-param", 1), blocker("constructor-logic", 2), blocker("unknown-ctor-param", 3)],
    });
    const md = renderInventoryReport("markdown", { inventory: sampleInventory([k]) }, { color: false }).output;
    expect(md).toContain("| unknown-ctor-param ×2, constructor-logic |");
    const table = renderInventoryReport("table", { inventory: sampleInventory([k]) }, { color: false }).output;
    expect(table).toContain("unknown-ctor-param ×2");
    expect(table.match(/unknown-ctor-param/g)).toHaveLength(1);
  });
});
