/**
 * Pins the scanner against the second fixture's ground truth
 * (fixtures/realworld-pnpm/expected-inventory.json): a pnpm workspace with packages under
 * libs/, libs/providers/ and apps/, subpath exports that point at dist/ only, a belt built by
 * mapping a class table (entries commented out, a spread table of namespace references), a
 * name → class registry, a mixed-domain tool file, classes constructed only outside the scan
 * scope, and unlisted categories.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CAPKIT_ROOT, listWorkspacePackages } from "../lib/workspace-aliases.js";
import { loadConfig } from "../lib/config/index.js";
import { renderTable } from "../reports/render-table.js";
import { scanInventory } from "./scan/scan-inventory.js";
import type { ClassRecord, InventoryResult } from "./types.js";

interface Expected {
  readonly classes: readonly Pick<
    ClassRecord,
    "name" | "file" | "kind" | "wireName" | "namespace" | "direct" | "category" | "categorySource"
  >[];
}

const ROOT = join(CAPKIT_ROOT, "fixtures", "realworld-pnpm");
const expected = JSON.parse(readFileSync(join(ROOT, "expected-inventory.json"), "utf8")) as Expected;
const key = (c: { file: string; name: string | null }) => `${c.file}#${c.name ?? "<anonymous>"}`;
const lineOf = (file: string, line: number) => readFileSync(join(ROOT, file), "utf8").split("\n")[line - 1] ?? "";

let result: InventoryResult;
beforeAll(async () => {
  result = await scanInventory(ROOT, { cache: false });
});
const byName = (name: string) => result.classes.find((c) => c.name === name) as ClassRecord;

describe("fixtures/realworld-pnpm", () => {
  it("finds the workspace packages pnpm-workspace.yaml declares, outside packages/", () => {
    expect(listWorkspacePackages(ROOT).map((p) => `${p.name} ${p.dir}`)).toEqual([
      "@rw/host apps/host",
      "@rw/studio apps/studio",
      "@rw/agents libs/agents",
      "@rw/core libs/core",
      "@rw/provider-openai libs/providers/openai",
      "@rw/provider-search libs/providers/search",
    ]);
    expect(loadConfig(ROOT).config.scan.include).toEqual(["apps/**/*.{ts,tsx,mts,cts}", "libs/**/*.{ts,tsx,mts,cts}"]);
  });

  it("reports exactly the classes of the ground truth, with their kind, wire name, namespace, directness and category", () => {
    expect(result.classes.map(key).sort()).toEqual(expected.classes.map(key).sort());
    const got = new Map(result.classes.map((c) => [key(c), c]));
    for (const want of expected.classes) {
      const c = got.get(key(want));
      expect({
        key: key(want),
        kind: c?.kind,
        wireName: c?.wireName,
        namespace: c?.namespace,
        direct: c?.direct,
        category: c?.category,
        categorySource: c?.categorySource,
      }).toEqual({
        key: key(want),
        kind: want.kind,
        wireName: want.wireName,
        namespace: want.namespace,
        direct: want.direct,
        category: want.category,
        categorySource: want.categorySource,
      });
    }
    expect(result.incomplete).toBe(false);
  });

  it("resolves every import of the base through the workspace, never saying a scanned file is missing", () => {
    for (const c of result.classes) {
      expect(c.evidence.join("\n"), key(c)).not.toMatch(/not in the scanned tree|matched by name/);
      expect(c.evidence.join("\n"), key(c)).toMatch(
        /resolved to (Tool declared at libs\/core\/src\/tools\/base\.ts:\d+|HttpTool at)/,
      );
    }
  });

  it("points a class assembled through a table at its table entry, spreads included", () => {
    for (const name of ["ReadFileTool", "ListAssetsTool", "ThreadMemoryListTool", "HttpGetTool"]) {
      const first = byName(name).evidence[0] ?? "";
      const m = /^assembled by getBuiltinTools through BUILTIN_TOOL_CLASSES .*table entry \(([^:()]+):(\d+)\)$/.exec(
        first,
      );
      expect(m, `${name}: ${first}`).toBeTruthy();
      const text = lineOf(m?.[1] ?? "", Number(m?.[2]));
      expect(text.includes(name) || text.includes("..."), `${name} cites: ${text}`).toBe(true);
    }
  });

  it("takes a commented-out table entry as a note, not as evidence", () => {
    for (const name of ["GetAssetTool", "HttpPostTool"]) {
      const c = byName(name);
      expect(c.evidence[0]).toMatch(/^capability-shaped by shape: .*no construction site in scope$/);
      const note = c.evidence.find((e) => e.startsWith("commented out of BUILTIN_TOOL_CLASSES"));
      const m = /\(([^:()]+):(\d+)\)/.exec(note ?? "");
      expect(lineOf(m?.[1] ?? "", Number(m?.[2]))).toMatch(new RegExp(`//\\s*${name},`));
    }
  });

  it("classifies classes constructed only outside the scan scope by their shape", () => {
    expect(byName("WebSearchTool").evidence[0]).toContain("no construction site in scope");
    expect(byName("FinishRunTool").evidence[0]).toMatch(/^loop-protocol-shaped by shape: .*this\.done, this\.result/);
    expect(byName("SubmitPlanTool").evidence[0]).toMatch(/^constructed by loop owner Planner/);
    expect(byName("ReportResultTool").evidence[0]).toBe(
      "loop-protocol-shaped by shape: process() returns its own argument unchanged, so the loop that offers it reads the call itself (a structured-output channel); no construction site in scope",
    );
  });

  it("needs the loop owner to read state back before it calls a tool loop-protocol (all three properties)", () => {
    expect(byName("AddSectionTool").evidence).toContain(
      "state handed to it read back: board.sections (libs/agents/src/planning/outline-planner.ts:9)",
    );
    expect(byName("LookupTermTool").evidence).toContain(
      "constructed by loop owner OutlinePlanner (libs/agents/src/planning/outline-planner.ts:7), but nothing there reads its state back (a loop's own channel needs that too)",
    );
    expect(byName("SubmitOutlineTool").evidence[0]).toMatch(
      /^constructed by loop owner OutlinePlanner .*returns its own argument unchanged/,
    );
  });

  it("takes a wire name read from a constant as a static identity, and says what is missing", () => {
    const search = byName("NewsSearchTool");
    expect(search.evidence[0]).toBe(
      "capability-shaped by shape: static wire name from the constant NEWS_SEARCH_TOOL_NAME (its value is not in the scanned files), schema inputSchema, process() keeps no per-instance state read back; no construction site in scope",
    );
    expect(search.blockers.map((b) => b.code)).not.toContain("dynamic-identity");
    expect(search.evidence).toContain(
      'category "read" proposed from the constant\'s verb "search": the wire name is the constant NEWS_SEARCH_TOOL_NAME, whose value is not in the scanned files, so TOOL_PERMISSION_CATEGORIES cannot be read for it',
    );
    // A constant declared in the file is resolved; no schema member is a gap, not another kind.
    expect(byName("NewsDigestTool").evidence[0]).toBe(
      'capability-shaped by shape: static wire name "news_digest", no schema member (a conversion writes one), process() keeps no per-instance state read back; no construction site in scope',
    );
  });

  it("proposes external for a read verb whose process asks a model provider, through the file's helpers", () => {
    expect(byName("ScoreDraftTool")).toMatchObject({ category: "external", categorySource: "proposed" });
    expect(byName("ScoreDraftTool").evidence).toContain(
      'category "external" proposed from the verb "score" reads, but its process asks a model provider: "score_draft" is not listed in TOOL_PERMISSION_CATEGORIES (at run time an unlisted name falls back to "external")',
    );
  });

  it("splits the mixed-domain file per class and says where each namespace came from", () => {
    expect(["ListJobsTool", "GetWorkflowTool", "SearchAssetsTool"].map((n) => byName(n).namespace)).toEqual([
      "jobs",
      "workflows",
      "assets",
    ]);
    expect(byName("GetWorkflowTool").evidence).toContain(
      'namespace "workflows" from the wire name\'s word "workflow" (get_workflow); mcp-tools.ts mixes assets, workflows, so it is split per class',
    );
    expect(byName("ThreadMemoryListTool").namespaceSource).toBe("file-name");
  });

  it("prints the proposed module table and flags proposed categories", () => {
    const { output } = renderTable({ inventory: result }, { color: false });
    expect(output).toContain("Proposed capability modules");
    expect(output).toMatch(/│ memory\s+│ 3\s+│ libs\/agents\/src\/tools\/thread-memory-tools\.ts/);
    expect(output).toContain("read?");
  });
});
