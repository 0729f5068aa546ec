/**
 * `capkit demo` end to end, as a user runs it (its own Node process: vitest's module runner
 * would serve the target's pre-migration modules from its own cache), on a fresh temp copy of the embedded fixture: the
 * counters move the right way, parity and lint pass, and the dashboard it writes for the
 * migrated fixture works in Debian's chromium (ledger, filter, progress bars, trend chart).
 * The browser half skips when chromium is missing, except under CI=true where it fails.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InventoryResult } from "../../inventory/types.js";
import { TOOLCHAIN_TEST_TIMEOUT_MS } from "../../lib/test-support/toolchain-timeout.js";
import { cliArgs } from "../test-support/cli.js";

const CHROMIUM = process.env.CAPKIT_CHROMIUM ?? "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

describe("capkit demo", () => {
  let root = "";
  let stdout = "";
  let code = -1;

  beforeAll(() => {
    const r = spawnSync(process.execPath, cliArgs("demo"), {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    code = r.status ?? -1;
    stdout = `${r.stdout}${r.stderr}`;
    root = /copied to (\S+)/.exec(r.stdout)?.[1] ?? "";
  }, TOOLCHAIN_TEST_TIMEOUT_MS);
  afterAll(() => {
    if (root.startsWith(tmpdir())) rmSync(root, { recursive: true, force: true });
  });

  it("runs the whole story and ends green: parity passes, lint is clean", () => {
    expect(code, stdout).toBe(0);
    expect(existsSync(root)).toBe(true);
    const parity = readJson<{ ok: boolean; mutants?: { total: number; killed: number } }>(
      join(root, ".capkit/results/parity.json"),
    );
    expect(parity.ok).toBe(true);
    expect(parity.mutants?.killed).toBe(parity.mutants?.total);
    expect(readJson<{ violations: unknown[] }>(join(root, ".capkit/results/lint.json")).violations).toEqual([]);
  });

  it("moves the capability-shaped counter down to the refused count and leaves loop-protocol alone", () => {
    const after = readJson<InventoryResult>(join(root, ".capkit/results/inventory.json"));
    const baseline = readJson<{ counters: { capabilityShaped: number; loopProtocol: number } }>(
      join(root, ".capkit/baseline.json"),
    );
    const migrate = readJson<{ namespaces: { refused: unknown[] }[] }>(join(root, ".capkit/results/migrate.json"));
    const refused = migrate.namespaces.reduce((n, ns) => n + ns.refused.length, 0);
    expect(baseline.counters.capabilityShaped).toBeGreaterThan(40);
    expect(after.counters.capabilityShaped).toBe(refused);
    expect(after.counters.loopProtocol).toBe(baseline.counters.loopProtocol);
    expect(stdout).toMatch(
      new RegExp(`capability-shaped\\s+${baseline.counters.capabilityShaped} → ${after.counters.capabilityShaped}`),
    );
  });

  describe.runIf(existsSync(CHROMIUM) || process.env.CI === "true")("its dashboard in chromium", () => {
    it("shows the migrated fixture: every class in the ledger, a bar per namespace, a filter that works", async () => {
      expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
      const after = readJson<InventoryResult>(join(root, ".capkit/results/inventory.json"));
      const namespaces = readJson<{ namespaces: { namespace: string }[] }>(
        join(root, ".capkit/results/migrate.json"),
      ).namespaces;
      const profile = mkdtempSync(join(tmpdir(), "capkit-demo-chromium-"));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ARGS,
        viewport: { width: 1280, height: 900 },
      });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(String(e)));
        await page.goto(`file://${join(root, ".capkit/dashboard.html")}`);
        await expect(page.getByTestId("trend-chart").isVisible()).resolves.toBe(true);
        await expect(page.getByTestId("ns-row").count()).resolves.toBe(namespaces.length);
        const rows = page.locator("#ledger tbody tr");
        await expect(rows.count()).resolves.toBeGreaterThanOrEqual(after.classes.length);
        await page.getByTestId("ledger-filter").fill("loop-protocol");
        const visible = await page.locator("#ledger tbody tr:not([hidden])").count();
        expect(visible).toBe(after.classes.filter((c) => c.kind === "loop-protocol").length);
        mkdirSync(resolve("test-output"), { recursive: true });
        await page.screenshot({ path: resolve("test-output", "dashboard-demo.png"), fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
