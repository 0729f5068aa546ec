import { describe, expect, it } from "vitest";
import { renderDashboard } from "./dashboard/index.js";
import { renderInventoryReport } from "./index.js";
import { sampleClass, sampleInventory } from "./test-support/sample-inventory.js";

const problems = [
  { file: "packages/agents/src/tools/a.ts", line: 3, column: 1, message: "';' expected." },
  { file: "packages/agents/src/tools/a.ts", line: 7, column: 2, message: "'}' expected." },
  { file: "packages/agents/src/tools/a.ts", line: 9, column: 4, message: "Declaration expected." },
];

describe("an incomplete scan in every reporter", () => {
  const inventory = sampleInventory([sampleClass({ name: "A", kind: "capability" })], { problems, incomplete: true });
  it.each(["table", "markdown", "github"] as const)(
    "%s: one wording that counts files, not problems, and exit 1",
    (name) => {
      const r = renderInventoryReport(name, { inventory }, { color: false });
      expect(r.exitCode).toBe(1);
      expect(r.output).toContain("scan incomplete: 1 file could not be scanned");
      expect(r.output).not.toContain("3 file");
    },
  );

  it.each(["table", "markdown", "github"] as const)("%s: an unreadable folder is counted as a folder", (name) => {
    const folder = { file: "packages/agents/src/tools", line: 0, column: 0, message: "cannot read folder: EACCES" };
    const withFolder = sampleInventory([sampleClass({ name: "A", kind: "capability" })], {
      problems: [folder, ...problems],
      incomplete: true,
    });
    const r = renderInventoryReport(name, { inventory: withFolder }, { color: false });
    expect(r.exitCode).toBe(1);
    expect(r.output).toContain("scan incomplete: 1 folder and 1 file could not be scanned");
    const only = sampleInventory([], { problems: [folder], incomplete: true });
    const alone = renderInventoryReport(name, { inventory: only }, { color: false }).output;
    expect(alone).toContain("scan incomplete: 1 folder could not be scanned");
    expect(alone).not.toMatch(/\d+ files? could not/);
  });

  it("the dashboard counts a folder as a folder and a file's problems as one file", () => {
    const folder = { file: "packages/agents/src/tools", line: 0, column: 0, message: "cannot read folder: EACCES" };
    const inv = sampleInventory([], { problems: [folder, ...problems], incomplete: true });
    const page = renderDashboard({ inventory: inv, renderedAt: "2026-01-01T00:00:00Z" });
    expect(page).toContain("scan incomplete: 1 folder and 1 file could not be scanned");
    expect(page).not.toMatch(/\d+ file\(s\)/);
  });

  it("github: an unreadable folder's annotation says folder, not file", () => {
    const folder = { file: "packages/agents/src/tools", line: 0, column: 0, message: "cannot read folder: EACCES" };
    const inv = sampleInventory([], { problems: [folder, ...problems.slice(0, 1)], incomplete: true });
    const out = renderInventoryReport("github", { inventory: inv }, { color: false }).output;
    expect(out).toContain("::warning file=packages/agents/src/tools,title=capkit%3A folder not scanned::");
    expect(out).toContain("::warning file=packages/agents/src/tools/a.ts,line=3,title=capkit%3A file not scanned::");
    expect(out).not.toMatch(/Fix the files below/);
  });

  it("github: an ::error says why the step fails", () => {
    const r = renderInventoryReport("github", { inventory }, { color: false });
    expect(r.output.split("\n").filter((l) => l.startsWith("::error"))).toHaveLength(1);
    expect(r.output).toMatch(/^::error title=capkit%3A scan incomplete::/m);
  });

  it("an incomplete ratchet check never says 'tighten'", () => {
    const ratchet = {
      status: "incomplete" as const,
      baselineFile: ".capkit/baseline.json",
      deltas: [{ counter: "capabilityShaped", baseline: 4, current: 1 }],
      added: [],
      removed: [],
      hint: "not compared",
    };
    for (const name of ["table", "markdown", "github"] as const) {
      const r = renderInventoryReport(name, { inventory, ratchet }, { color: false });
      expect(r.exitCode).toBe(1);
      expect(r.output).not.toMatch(/tighten|better/);
    }
  });
});

describe("markdown escaping", () => {
  it("escapes | and flattens newlines in wire names and class names, keeping the table's columns", () => {
    const inventory = sampleInventory([sampleClass({ name: "Pipe|Tool", kind: "capability", wireName: "a|b\nc" })]);
    const r = renderInventoryReport("markdown", { inventory }, { color: false });
    const row = r.output.split("\n").find((l) => l.includes("Pipe")) ?? "";
    expect(row).toContain("`Pipe\\|Tool`");
    expect(row).toContain("`a\\|b c`");
    expect(row.replace(/\\\|/g, "").split("|")).toHaveLength(10); // 8 cells between 9 unescaped bars
  });
});
