import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanInventory } from "../scan/scan-inventory.js";
import { backfillHistory, computeHistory, inventoryEngine, saveHistory } from "./index.js";
import { loadResult } from "../../lib/results-store.js";
import type { HistoryResult } from "./types.js";
import { buildRepo, git, makeRepo } from "../test-support/git-repo.js";
import { EXPECTED, STEPS } from "../test-support/scripted-history.js";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("history backfill with the real inventory", () => {
  it("checks every commit's counters of a scripted history, then serves a second run from the cache", async () => {
    const repo = buildRepo(STEPS);
    made.push(repo);
    const first = await computeHistory(repo, { commits: 30 });
    expect(first.commits.map((c) => c.counters.capabilityShaped)).toEqual(EXPECTED.capabilityShaped);
    expect(first.commits.map((c) => c.counters.loopProtocol)).toEqual(EXPECTED.loopProtocol);
    expect(first.commits.map((c) => c.counters.extendsTool.occurrences)).toEqual(EXPECTED.extendsTool);
    expect(first.commits.at(-1)?.byNamespace).toEqual(EXPECTED.lastByNamespace);
    expect(first.commits.every((c) => c.problems === 0)).toBe(true);
    expect(first.cache).toMatchObject({ hits: 0, misses: 11, blobs: 11 });

    const second = await computeHistory(repo, { commits: 30 });
    expect(second.cache).toMatchObject({ hits: 11, misses: 0, blobs: 11 });
    expect(second.commits.map((c) => c.counters)).toEqual(first.commits.map((c) => c.counters));

    const path = saveHistory(repo, second);
    expect(path).toBe(join(repo, ".capkit", "results", "history.json"));
    expect(loadResult<HistoryResult>(repo, "history")?.commits).toHaveLength(STEPS.length);
    // saved results and caches never dirty the scanned tree
    expect(git(repo, ["status", "--porcelain"]).trim()).toBe("");
  });

  it("reuses the previous counters when an edit only moves code, and gets the same counters as a full analysis", async () => {
    const shifted = STEPS.map((s) => s);
    const email = STEPS[2]!.files["packages/agents/src/tools/email-tools.ts"]!;
    shifted.push({
      subject: "style: a header comment moves every line",
      files: { "packages/agents/src/tools/email-tools.ts": `// Email tools.\n// Two lines longer.\n${email}` },
    });
    shifted.push({
      subject: "feat: one more email tool",
      files: {
        "packages/agents/src/tools/email-tools.ts": `${email}\nexport class ArchiveEmailTool extends Tool {\n  readonly name = "archive_email";\n}\n`,
      },
    });
    const repo = buildRepo(shifted);
    made.push(repo);
    const fast = await computeHistory(repo, { commits: 30 });
    const { shapeOf: _omit, ...plain } = inventoryEngine();
    const full = await backfillHistory(repo, { commits: 30, engine: plain });
    expect(fast.cache.sameShapeCommits).toBe(1);
    expect(full.cache.sameShapeCommits).toBe(0);
    expect(fast.commits.map((c) => c.counters)).toEqual(full.commits.map((c) => c.counters));
    expect(fast.commits.map((c) => c.counters.extendsTool.occurrences).slice(-3)).toEqual([4, 4, 5]);
  });

  it("agrees with a working-tree scan at HEAD", async () => {
    const repo = buildRepo(STEPS);
    made.push(repo);
    const history = await computeHistory(repo, { commits: 1 });
    const scan = await scanInventory(repo);
    expect(history.commits[0]?.counters).toEqual(scan.counters);
  });

  it.runIf(existsSync("fixtures/nodetool-mini/packages"))(
    "agrees with a working-tree scan of the NodeTool-shaped fixture",
    async () => {
      const repo = makeRepo("capkit-history-fixture-");
      made.push(repo);
      cpSync("fixtures/nodetool-mini", repo, {
        recursive: true,
        filter: (src) => !src.includes("node_modules") && !src.includes(".capkit"),
      });
      git(repo, ["add", "-A"]);
      git(repo, ["commit", "-q", "-m", "fixture"]);
      const [history, scan] = [await computeHistory(repo, { commits: 1 }), await scanInventory(repo)];
      expect(scan.counters.extendsTool.occurrences).toBeGreaterThan(0);
      expect(history.commits[0]?.counters).toEqual(scan.counters);
    },
  );
});

describe("history backfill: workspace packages from each commit's own layout", () => {
  const BASE = `export abstract class Tool {\n  abstract readonly name: string;\n  abstract process(params: unknown): Promise<unknown>;\n}\nexport abstract class HttpTool extends Tool {}\n`;
  const FETCH = `import { HttpTool } from "@x/core";\nexport class FetchTool extends HttpTool {\n  readonly name = "fetch_page";\n  async process() {\n    return null;\n  }\n}\n`;

  it("follows an import of a package under libs/ (pnpm-workspace.yaml), and a layout that moves between commits", async () => {
    // One config for every commit (history reads the working tree's); the layout files change.
    const config = JSON.stringify({
      base: { names: ["Tool"], module: "libs/core/src/index.ts" },
      scan: { include: ["libs/**/*.ts", "modules/**/*.ts"] },
    });
    const repo = buildRepo([
      {
        subject: "pnpm workspace under libs/",
        files: {
          "pnpm-workspace.yaml": "packages:\n  - libs/*\n",
          "capkit.config.json": config,
          "libs/core/package.json": JSON.stringify({ name: "@x/core" }),
          "libs/core/src/index.ts": BASE,
          "libs/agents/package.json": JSON.stringify({ name: "@x/agents" }),
          "libs/agents/src/tools/fetch-tools.ts": FETCH,
        },
      },
      {
        subject: "the layout moves to npm workspaces, agents under modules/",
        files: {
          "pnpm-workspace.yaml": null,
          "package.json": JSON.stringify({ private: true, workspaces: ["libs/core", "modules/*"] }),
          "libs/agents/package.json": null,
          "libs/agents/src/tools/fetch-tools.ts": null,
          "modules/agents/package.json": JSON.stringify({ name: "@x/agents" }),
          "modules/agents/src/tools/fetch-tools.ts": FETCH,
        },
      },
    ]);
    made.push(repo);
    const history = await computeHistory(repo, { commits: 10 });
    // HttpTool (direct) and FetchTool (indirect, through the @x/core import): the second is only
    // found when the import resolves to the workspace package.
    expect(history.commits.map((c) => [c.counters.extendsTool.occurrences, c.counters.indirect.occurrences])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
});
