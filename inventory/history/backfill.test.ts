import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvironmentError, UsageError } from "../../lib/errors.js";
import { backfillHistory } from "./backfill.js";
import { buildRepo, commitStep, git, makeRepo } from "../test-support/git-repo.js";
import { EXPECTED, STEPS } from "../test-support/scripted-history.js";
import { tinyEngine } from "../test-support/tiny-engine.js";

const made: string[] = [];
let repo: string;

beforeAll(() => {
  repo = buildRepo(STEPS);
  made.push(repo);
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("history backfill (plumbing, tiny engine)", () => {
  it("computes every commit's counters, oldest first, with commit metadata", async () => {
    const engine = tinyEngine();
    const progress: number[] = [];
    const result = await backfillHistory(repo, { commits: 50, engine, onProgress: (e) => progress.push(e.done) });
    expect(result.commits.map((c) => c.subject)).toEqual(STEPS.map((s) => s.subject));
    expect(result.commits.map((c) => c.counters.capabilityShaped)).toEqual(EXPECTED.capabilityShaped);
    expect(result.commits.map((c) => c.counters.loopProtocol)).toEqual(EXPECTED.loopProtocol);
    expect(result.commits.map((c) => c.counters.extendsTool.occurrences)).toEqual(EXPECTED.extendsTool);
    expect(result.commits.at(-1)?.byNamespace).toEqual(EXPECTED.lastByNamespace);
    expect(result.commits[0]?.date).toBe("2026-01-01T00:00:00.000Z");
    expect(result.commits.at(-1)?.sha).toBe(git(repo, ["rev-parse", "HEAD"]).trim());
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // the docs-only and test-only commits reused the previous analysis
    expect(result.cache.unchangedCommits).toBe(2);
  });

  it("extracts each blob once, so cost follows changed files, and a second run is served from the cache", async () => {
    const fresh = buildRepo(STEPS);
    made.push(fresh);
    const cold = tinyEngine();
    const first = await backfillHistory(fresh, { commits: 50, engine: cold });
    const filesPerCommit = first.commits.map((c) => c.counters.extendsTool.occurrences);
    expect(cold.extracted.length).toBe(first.cache.misses);
    expect(first.cache).toMatchObject({ hits: 0, misses: first.cache.blobs });
    // 11 distinct in-scope blobs (8 paths; mcp-tools.ts has 4 versions) against 38 file
    // visits for a per-commit rescan
    expect(first.cache.blobs).toBe(11);
    expect(new Set(cold.extracted).size).toBe(8);
    expect(first.commits.map((c) => c.scannedFiles)).toEqual([2, 4, 6, 6, 6, 7, 7]);
    expect(cold.extracted.length).toBe(11);
    expect(existsSync(join(fresh, ".capkit", "cache", "history"))).toBe(true);

    const warm = tinyEngine();
    const second = await backfillHistory(fresh, { commits: 50, engine: warm });
    expect(warm.extracted).toEqual([]);
    expect(second.cache).toMatchObject({ hits: first.cache.blobs, misses: 0, blobs: first.cache.blobs });
    expect(second.commits.map((c) => c.counters)).toEqual(first.commits.map((c) => c.counters));
    expect(filesPerCommit).toEqual(EXPECTED.extendsTool);
  });

  it("walks only the last N commits and only the first-parent line", async () => {
    const result = await backfillHistory(repo, { commits: 3, engine: tinyEngine() });
    expect(result.commits.map((c) => c.subject)).toEqual(STEPS.slice(-3).map((s) => s.subject));

    const branchy = buildRepo(STEPS.slice(0, 2));
    made.push(branchy);
    git(branchy, ["checkout", "-q", "-b", "side"]);
    commitStep(branchy, STEPS[2]!, 2);
    git(branchy, ["checkout", "-q", "main"]);
    git(branchy, ["merge", "-q", "--no-ff", "-m", "merge side", "side"]);
    const merged = await backfillHistory(branchy, { commits: 10, engine: tinyEngine() });
    expect(merged.commits.map((c) => c.subject)).toEqual([STEPS[0]!.subject, STEPS[1]!.subject, "merge side"]);
    expect(merged.commits.map((c) => c.counters.capabilityShaped)).toEqual([0, 2, 4]);
  });

  it("works when root is a subfolder of the repository", async () => {
    const outer = makeRepo();
    made.push(outer);
    const prefixed = STEPS.map((s) => ({
      subject: s.subject,
      files: Object.fromEntries(Object.entries(s.files).map(([p, c]) => [`apps/mini/${p}`, c])),
    }));
    prefixed.forEach((s, i) => commitStep(outer, s, i));
    const result = await backfillHistory(join(outer, "apps", "mini"), { commits: 50, engine: tinyEngine() });
    expect(result.commits.map((c) => c.counters.capabilityShaped)).toEqual(EXPECTED.capabilityShaped);
  });

  it("survives a torn cache line and reports unparseable files per commit", async () => {
    const fresh = buildRepo([
      ...STEPS.slice(0, 2),
      { subject: "conflict", files: { "packages/agents/src/tools/x.ts": "<<<<<<< HEAD\n" } },
    ]);
    made.push(fresh);
    await backfillHistory(fresh, { commits: 5, engine: tinyEngine() });
    const dir = join(fresh, ".capkit", "cache", "history");
    const file = readdirSync(dir).find((f) => f.startsWith("facts-"));
    appendFileSync(join(dir, file!), '["deadbeef packages/x.ts", {"fi');
    const again = await backfillHistory(fresh, { commits: 5, engine: tinyEngine() });
    expect(again.cache.misses).toBe(0);
    expect(again.commits.map((c) => c.problems)).toEqual([0, 0, 1]);
    const bumped = await backfillHistory(fresh, { commits: 5, engine: tinyEngine("tiny-2") });
    expect(bumped.cache.hits).toBe(0);
  });

  it("refuses bad input with a typed error", async () => {
    await expect(backfillHistory(repo, { commits: 0, engine: tinyEngine() })).rejects.toBeInstanceOf(UsageError);
    const notGit = join(tmpdir(), `capkit-not-git-${process.pid}`);
    mkdirSync(notGit, { recursive: true });
    writeFileSync(join(notGit, "x"), "");
    made.push(notGit);
    await expect(backfillHistory(notGit, { commits: 3, engine: tinyEngine() })).rejects.toBeInstanceOf(
      EnvironmentError,
    );
  });
});
