/**
 * The trend chart: an inline SVG line chart of the two counters over the saved history, the
 * ratchet baseline as a dashed line, and one invisible hit strip per commit that the page
 * script turns into a tooltip (sha, date, subject, values). Pure: history in, SVG markup out.
 */
import type { HistoryCommit } from "../../inventory/history/types.js";
import type { BaselineCounters } from "./dashboard-inputs.js";
import { html, raw, type RawHtml } from "./escape.js";

export interface ChartSize {
  readonly width: number;
  readonly height: number;
  /** "wide" for desktops, "compact" for phones (the stylesheet shows one of them). */
  readonly variant: "wide" | "compact";
}

export const WIDE: ChartSize = { width: 800, height: 280, variant: "wide" };
export const COMPACT: ChartSize = { width: 380, height: 260, variant: "compact" };

/** A whole-number tick step (1, 2, 5 × 10^k) giving about four intervals, and the top it implies. */
function niceScale(value: number): { top: number; step: number } {
  const rough = Math.max(1, value / 4);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return { top: Math.max(step, Math.ceil(value / step) * step), step };
}

function shortDate(iso: string): string {
  return iso.slice(0, 10);
}

export function trendChart(
  commits: readonly HistoryCommit[],
  baseline: BaselineCounters | undefined,
  size: ChartSize = WIDE,
): RawHtml {
  const W = size.width;
  const H = size.height;
  const PAD = { left: size.variant === "wide" ? 44 : 30, right: 12, top: 16, bottom: 36 };
  const capValues = commits.map((c) => c.counters.capabilityShaped);
  const loopValues = commits.map((c) => c.counters.loopProtocol);
  const { top, step: tickStep } = niceScale(
    Math.max(1, ...capValues, ...loopValues, baseline?.capabilityShaped ?? 0, baseline?.loopProtocol ?? 0),
  );
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = commits.length > 1 ? plotW / (commits.length - 1) : 0;
  const x = (i: number) => PAD.left + (commits.length > 1 ? i * step : plotW / 2);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const line = (values: number[]) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");

  const ticks: number[] = [];
  for (let t = 0; t <= top; t += tickStep) ticks.push(t);
  const grid = ticks.map(
    (t) =>
      html`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t)}" y2="${y(t)}"/><text class="tick" x="${PAD.left - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`,
  );
  const first = commits[0];
  const last = commits[commits.length - 1];
  const xLabels =
    first && last && commits.length === 1
      ? html`<text class="tick" x="${x(0)}" y="${H - 12}" text-anchor="middle">${shortDate(first.date)}</text>`
      : first && last
        ? html`<text class="tick" x="${x(0)}" y="${H - 12}" text-anchor="start">${shortDate(first.date)}</text>
      <text class="tick" x="${x(commits.length - 1)}" y="${H - 12}" text-anchor="end">${shortDate(last.date)}</text>`
        : "";
  const baselines = [
    baseline?.capabilityShaped != null
      ? html`<line class="baseline cap" data-testid="baseline-line" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(baseline.capabilityShaped)}" y2="${y(baseline.capabilityShaped)}"/>
        <text class="baseline-label" x="${W - PAD.right - 4}" y="${y(baseline.capabilityShaped) - 5}" text-anchor="end">baseline ${baseline.capabilityShaped}</text>`
      : "",
  ];
  const hitW = commits.length > 1 ? step : plotW;
  const hits = commits.map((c, i) => {
    const tip = `${c.sha.slice(0, 8)} · ${shortDate(c.date)}\n${c.subject}\ncapability-shaped ${c.counters.capabilityShaped} · loop-protocol ${c.counters.loopProtocol}`;
    return html`<rect class="hit" x="${Math.max(PAD.left - hitW / 2, x(i) - hitW / 2)}" y="${PAD.top}" width="${hitW}" height="${plotH}" data-i="${i}" data-x="${x(i)}" data-sha="${c.sha.slice(0, 8)}" data-date="${shortDate(c.date)}" data-subject="${c.subject}" data-cap="${c.counters.capabilityShaped}" data-loop="${c.counters.loopProtocol}" tabindex="0"><title>${tip}</title></rect>`;
  });
  const dots = (values: number[], cls: string) =>
    values.map(
      (v, i) =>
        html`<circle class="pt ${cls}" cx="${x(i)}" cy="${y(v)}" r="${commits.length > 60 ? 0 : size.variant === "wide" ? 3 : 2.5}"/>`,
    );

  const testid = size.variant === "wide" ? "trend-chart" : "trend-chart-compact";
  return html`<svg class="chart ${size.variant}" data-testid="${testid}" viewBox="0 0 ${W} ${H}" role="img" aria-label="capability-shaped and loop-protocol counts over ${commits.length} commits" preserveAspectRatio="xMidYMid meet">
  ${grid}
  ${xLabels}
  ${baselines}
  <polyline class="series cap" data-testid="series-capability" points="${line(capValues)}"/>
  <polyline class="series loop" data-testid="series-loop" points="${line(loopValues)}"/>
  ${dots(capValues, "cap")}
  ${dots(loopValues, "loop")}
  <line class="guide" x1="0" x2="0" y1="${PAD.top}" y2="${PAD.top + plotH}" visibility="hidden"/>
  ${raw(hits.map((h) => h.__html).join(""))}
</svg>`;
}
