import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanInventory } from "../../scan/scan-inventory.js";
import { computeHistory, saveHistory } from "../index.js";
import { loadResult } from "../../../lib/results-store.js";
import type { HistoryResult } from "../types.js";
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

  it("agrees with a working-tree scan at HEAD", async () => {
    const repo = buildRepo(STEPS);
    made.push(repo);
    const history = await computeHistory(repo, { commits: 1 });
    const scan = await scanInventory(repo);
    expect(history.commits[0]?.counters).toEqual(scan.counters);
  });

  it.runIf(existsSync("fixtures/nodetool-mini/packages"))("agrees with a working-tree scan of the NodeTool-shaped fixture", async () => {
    const repo = makeRepo("capkit-history-fixture-");
    made.push(repo);
    cpSync("fixtures/nodetool-mini", repo, { recursive: true, filter: (src) => !src.includes("node_modules") && !src.includes(".capkit") });
    git(repo, ["add", "-A"]);
    git(repo, ["commit", "-q", "-m", "fixture"]);
    const [history, scan] = [await computeHistory(repo, { commits: 1 }), await scanInventory(repo)];
    expect(scan.counters.extendsTool.occurrences).toBeGreaterThan(0);
    expect(history.commits[0]?.counters).toEqual(scan.counters);
  });
});
