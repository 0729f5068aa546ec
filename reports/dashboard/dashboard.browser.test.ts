/**
 * Drives Debian's chromium (headless, fresh profile) through the dashboard rendered from the
 * migrated-fixture results: the chart and its tooltips, the namespace progress bars, the
 * ledger filter and sort, phone and dark layouts; saves screenshots into test-output/.
 * Skips when chromium is missing, except under CI=true where that fails the run.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDashboard } from "./index.js";
import { dashboardFixture } from "../test-support/dashboard-fixture.js";

const CHROMIUM = process.env.CAPKIT_CHROMIUM ?? "/usr/bin/chromium";
const HAVE_BROWSER = existsSync(CHROMIUM);
const IN_CI = process.env.CI === "true";
const OUT = resolve("test-output");
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe("dashboard browser environment", () => {
  it.runIf(IN_CI)("has chromium under CI", () => {
    expect(HAVE_BROWSER, `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`).toBe(true);
  });
});

describe.runIf(HAVE_BROWSER)("dashboard in chromium", () => {
  let profile: string;
  let file: string;
  let context: BrowserContext;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    profile = mkdtempSync(join(tmpdir(), "capkit-chromium-"));
    file = join(OUT, "dashboard-fixture.html");
    writeFileSync(file, renderDashboard(dashboardFixture()));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
    });
  });
  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function open(width: number, scheme: "light" | "dark"): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("requestfailed", (r) => errors.push(`request ${r.url()}`));
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`file://${file}`);
    return { page, errors };
  }

  it("draws the trend with commit tooltips and the baseline, and never runs injected markup", async () => {
    const { page, errors } = await open(1280, "light");
    const chart = page.getByTestId("trend-chart");
    await expect(chart.isVisible()).resolves.toBe(true);
    const points = await page.getByTestId("series-capability").first().getAttribute("points");
    expect(points?.trim().split(/\s+/)).toHaveLength(30);
    await expect(chart.locator('[data-testid="baseline-line"]').count()).resolves.toBe(1);
    await chart.locator('.hit[data-i="12"]').hover();
    const tip = page.getByTestId("chart-tooltip");
    await expect(tip.isVisible()).resolves.toBe(true);
    const text = await tip.innerText();
    expect(text).toContain('media: add "ResizeImageTool" <script>window.__pwned = true</script>');
    expect(text).toContain("capability-shaped 22");
    await page.mouse.move(5, 5);
    await expect(tip.isHidden()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows per-namespace progress bars in proportion", async () => {
    const { page } = await open(1280, "light");
    const rows = page.getByTestId("ns-row");
    await expect(rows.count()).resolves.toBe(6);
    const widths = async (ns: string) => {
      const row = page.locator(`[data-testid="ns-row"][data-namespace="${ns}"]`);
      const bar = (await row.locator(".bar").boundingBox())!.width;
      const part = async (cls: string) => ((await row.locator(`.bar .${cls}`).boundingBox())?.width ?? 0) / bar;
      return { migrated: await part("migrated"), refused: await part("refused"), remaining: await part("remaining") };
    };
    const models = await widths("models");
    expect(models.migrated).toBeCloseTo(0.5, 1);
    expect(models.refused).toBeCloseTo(0.5, 1);
    expect((await widths("workflows")).migrated).toBeCloseTo(1, 2);
    const media = await widths("media");
    expect(media.refused).toBeCloseTo(1 / 3, 1);
    expect(media.remaining).toBeCloseTo(2 / 3, 1);
    await page.close();
  });

  it("filters and sorts the class ledger", async () => {
    const { page } = await open(1280, "light");
    const visibleNames = () =>
      page
        .locator("#ledger tbody tr:not([hidden])")
        .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.name));
    await expect(page.getByTestId("ledger-count").innerText()).resolves.toBe("21 of 21 classes");
    await page.getByTestId("ledger-filter").fill("email");
    expect(await visibleNames()).toEqual(["SearchEmailTool", "SendEmailTool"]);
    await expect(page.getByTestId("ledger-count").innerText()).resolves.toBe("2 of 21 classes");
    await page.getByTestId("ledger-filter").fill("");
    await page.getByTestId("ledger-status").selectOption("refused");
    expect((await visibleNames()).sort()).toEqual(["DescribeModelTool", "TranscribeAudioTool"]);
    await page.getByTestId("ledger-status").selectOption("");
    await page.locator('#ledger th[data-sort="name"] button').click();
    const sorted = await visibleNames();
    expect(sorted).toHaveLength(21);
    expect(sorted).toEqual([...sorted].sort((a, b) => a!.localeCompare(b!, undefined, { numeric: true })));
    await expect(page.locator('#ledger th[data-sort="name"]').getAttribute("aria-sort")).resolves.toBe("ascending");
    await page.screenshot({ path: join(OUT, "dashboard-1280-light.png"), fullPage: true });
    await page.close();
  });

  it("stays readable at phone width and in dark mode (screenshots in test-output/)", async () => {
    for (const [width, scheme] of [
      [1280, "dark"],
      [390, "light"],
      [390, "dark"],
    ] as const) {
      const { page, errors } = await open(width, scheme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const phone = width < 600;
      await expect(page.getByTestId(phone ? "trend-chart-compact" : "trend-chart").isVisible()).resolves.toBe(true);
      await expect(page.getByTestId(phone ? "trend-chart" : "trend-chart-compact").isVisible()).resolves.toBe(false);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg === "rgb(15, 17, 21)").toBe(scheme === "dark");
      if (phone) await page.locator("#ledger-sort").selectOption("name:desc");
      await page.screenshot({ path: join(OUT, `dashboard-${width}-${scheme}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
