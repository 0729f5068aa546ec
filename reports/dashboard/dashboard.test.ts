import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync, utimesSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../bin/capkit.js";
import { captureIO } from "../../bin/test-support/cli-io.js";
import { loadResult, saveResult } from "../../lib/results-store.js";
import { writeBaseline } from "../../inventory/ratchet/ratchet-baseline.js";
import type { HistoryResult } from "../../inventory/history/types.js";
import { buildRepo } from "../../inventory/test-support/git-repo.js";
import { STEPS } from "../../inventory/test-support/scripted-history.js";
import { buildLedger, buildNamespaces, loadDashboardInputs, renderDashboard } from "./index.js";
import { dashboardFixture, HOSTILE } from "../test-support/dashboard-fixture.js";
import { mixedInventory } from "../test-support/sample-inventory.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), "capkit-dashboard-"));
  made.push(dir);
  return dir;
}

/** The command sees an empty environment: no CI, no NO_COLOR from the machine running the tests. */
const io = (cwd: string) => captureIO(cwd, { env: {} });

describe("dashboard model", () => {
  it("gives every class a status and counts namespaces from the migrate result", () => {
    const ledger = buildLedger(dashboardFixture());
    const status = (name: string) => ledger.find((r) => r.name === name);
    expect(status("ListModelsTool")?.status).toBe("migrated");
    expect(status("DescribeModelTool")).toMatchObject({
      status: "refused",
      reason: expect.stringContaining("passes `this`"),
    });
    expect(status("SendEmailTool")?.status).toBe("remaining");
    expect(status("SubmitGraphTool")?.status).toBe("stays");
    // converted and gone from the inventory saved after the migration: still a row
    expect(status("list_workflows")).toMatchObject({ status: "migrated", namespace: "workflows" });
    expect(ledger.map((r) => r.status).indexOf("stays")).toBeGreaterThan(
      ledger.map((r) => r.status).lastIndexOf("remaining"),
    );
    expect(buildNamespaces(ledger)).toEqual([
      { namespace: "collections", migrated: 0, refused: 0, remaining: 2 },
      { namespace: "documents", migrated: 0, refused: 0, remaining: 3 },
      { namespace: "email", migrated: 0, refused: 0, remaining: 2 },
      { namespace: "media", migrated: 0, refused: 1, remaining: 2 },
      { namespace: "models", migrated: 1, refused: 1, remaining: 0 },
      { namespace: "workflows", migrated: 4, refused: 0, remaining: 0 },
    ]);
  });

  it("counts everything capability-shaped as remaining without a migrate result", () => {
    const rows = buildNamespaces(buildLedger({ inventory: mixedInventory(), renderedAt: "x" }));
    expect(rows).toEqual([
      { namespace: "email", migrated: 0, refused: 0, remaining: 1 },
      { namespace: "workflows", migrated: 0, refused: 0, remaining: 2 },
    ]);
  });
});

describe("dashboard HTML", () => {
  const page = renderDashboard(dashboardFixture());

  it("is one self-contained document: no external URL, one inline script, a CSP that forbids the network", () => {
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).toContain(`content="default-src 'none'`);
  });

  it("escapes every inserted string, so a <script> in evidence, reasons, lint messages or subjects stays text", () => {
    expect(page).not.toContain("<script>window.__pwned");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;script&gt;window.__pwned = true&lt;/script&gt;");
    expect(page).toContain("media: add &quot;ResizeImageTool&quot;");
    expect(HOSTILE).toContain("<script>");
  });

  it("draws both counters, the baseline and one hit target per commit", () => {
    expect(page).toContain('data-testid="baseline-line"');
    expect(page.match(/class="hit"/g)).toHaveLength(60); // 30 commits × (wide + compact chart)
    expect(page).toContain("24 → 12 over 30 commits");
  });

  it("shows the parity verdict with check summaries and the mutation score", () => {
    expect(page).toContain('data-testid="parity-verdict">1 failing');
    expect(page).toContain("4 capabilities, 12 recorded cases");
    expect(page).toContain("41 of 43 killed");
    expect(page).toContain("skip-&lt;b&gt;monitor&lt;/b&gt;");
  });

  it("says how to get a trend when there is no history", () => {
    const bare = renderDashboard({ inventory: mixedInventory(), renderedAt: "2026-01-01T00:00:00Z" });
    expect(bare).toContain('data-testid="no-history"');
    expect(bare).not.toContain('id="lint"');
    expect(bare).not.toContain('id="parity"');
  });
});

describe("capkit dashboard", () => {
  it("asks for a saved inventory instead of scanning", async () => {
    const root = tempRoot();
    const cli = io(root);
    expect(await main(["dashboard"], cli)).toBe(2);
    expect(cli.err.join("")).toMatch(/no saved inventory result.*\n.*run `capkit inventory` first/);
    expect(existsSync(join(root, ".capkit", "dashboard.html"))).toBe(false);
  });

  it("renders saved results and the committed baseline into the default file", async () => {
    const root = tempRoot();
    const fx = dashboardFixture();
    saveResult(root, "inventory", fx.inventory);
    saveResult(root, "migrate", fx.migrate);
    saveResult(root, "lint", fx.lint);
    writeBaseline(root, ".capkit/baseline.json", {
      ...fx.inventory,
      counters: { ...fx.inventory.counters, capabilityShaped: 15 },
    });
    const cli = io(root);
    expect(await main(["dashboard"], cli)).toBe(0);
    expect(cli.out.join("")).toContain("wrote .capkit/dashboard.html");
    const html = readFileSync(join(root, ".capkit", "dashboard.html"), "utf8");
    expect(html).toContain('data-testid="counter-lint"');
    expect(html).toMatch(/ratchet baseline<\/div><div class="value">15</);
    expect(html).not.toContain('id="parity"');
  });

  it("notes an inventory saved before the last migrate: its counts are from before it", async () => {
    const root = tempRoot();
    const fx = dashboardFixture();
    saveResult(root, "inventory", fx.inventory);
    saveResult(root, "migrate", fx.migrate);
    const inventory = join(root, ".capkit", "results", "inventory.json");
    utimesSync(inventory, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    const stale = io(root);
    expect(await main(["dashboard"], stale)).toBe(0);
    expect(stale.err.join("")).toContain(
      "the saved inventory (.capkit/results/inventory.json) is older than the last capkit migrate",
    );
    expect(stale.err.join("")).toContain("run capkit inventory, then capkit dashboard again");
    utimesSync(inventory, new Date("2099-01-01T00:00:00Z"), new Date("2099-01-01T00:00:00Z"));
    const fresh = io(root);
    expect(await main(["dashboard"], fresh)).toBe(0);
    expect(fresh.err.join("")).not.toContain("older than");
  });

  it("names the broken file when a saved result is malformed, and rejects a bad --history", async () => {
    const root = tempRoot();
    saveResult(root, "inventory", mixedInventory());
    mkdirSync(join(root, ".capkit", "results"), { recursive: true });
    writeFileSync(join(root, ".capkit", "results", "lint.json"), "{ not json");
    const cli = io(root);
    expect(await main(["dashboard"], cli)).toBe(2);
    expect(cli.err.join("")).toContain(".capkit/results/lint.json");
    expect(cli.err.join("")).toContain("re-run `capkit lint`");
    const bad = io(root);
    expect(await main(["dashboard", "--history", "ten"], bad)).toBe(2);
    expect(bad.err.join("")).toContain("--history needs a positive whole number");
  });

  it("--history N backfills and saves the history first, then renders it", async () => {
    const repo = buildRepo(STEPS);
    made.push(repo);
    saveResult(repo, "inventory", mixedInventory());
    const out = join(tempRoot(), "page.html");
    const cli = io(repo);
    expect(await main(["dashboard", ".", "--history", "5", "--out", out], cli)).toBe(0);
    const history = loadResult<HistoryResult>(repo, "history");
    expect(history?.commits.map((c) => c.counters.capabilityShaped)).toEqual([4, 4, 2, 3, 3]);
    expect(cli.err.join("")).toContain("history of 5 commits saved");
    const html = readFileSync(out, "utf8");
    expect(html).toContain("Trend over 5 commits");
    expect(loadDashboardInputs(repo).history?.commits).toHaveLength(5);
  });

  it("names the saved history it renders, and says it is stale once HEAD moved past it", async () => {
    const repo = buildRepo(STEPS);
    made.push(repo);
    saveResult(repo, "inventory", mixedInventory());
    const out = join(tempRoot(), "page.html");
    expect(await main(["dashboard", ".", "--history", "5", "--out", out], io(repo))).toBe(0);
    const fresh = io(repo);
    expect(await main(["dashboard", ".", "--out", out], fresh)).toBe(0);
    expect(fresh.err.join("")).toMatch(
      /the trend is the saved history in .*history\.json \(5 commits, computed .*\), up to date with HEAD/,
    );
    for (const n of [1, 2]) {
      writeFileSync(join(repo, `later-${n}.txt`), `${n}\n`);
      execFileSync("git", ["-C", repo, "add", "-A"]);
      execFileSync("git", [
        "-C",
        repo,
        "-c",
        "user.email=t@capkit",
        "-c",
        "user.name=t",
        "commit",
        "-qm",
        `later ${n}`,
      ]);
    }
    const stale = io(repo);
    expect(await main(["dashboard", ".", "--out", out], stale)).toBe(0);
    expect(stale.err.join("")).toContain("it is stale: HEAD is 2 commits past its newest");
    expect(stale.err.join("")).toContain("refresh it with capkit dashboard --history 5");
  });
});
