/**
 * The dashboard's inline stylesheet: CSS variables for light and dark (prefers-color-scheme),
 * a card grid that collapses on phones, and a ledger table that becomes stacked cards below
 * 720 px so nothing needs horizontal scrolling on a phone.
 */
export const STYLES = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --fg: #16181d; --muted: #5b6170; --card: #ffffff; --border: #d9dce3;
  --cap: #c2410c; --loop: #1d4ed8; --ok: #15803d; --bad: #b91c1c; --warn: #a16207;
  --migrated: #16a34a; --refused: #dc2626; --remaining: #f59e0b; --stays: #64748b;
  --grid: #e5e7eb; --chip: #eef0f4; --focus: #2563eb;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1115; --fg: #e6e8ec; --muted: #9aa1ae; --card: #171a21; --border: #2b303b;
    --cap: #fb923c; --loop: #60a5fa; --ok: #4ade80; --bad: #f87171; --warn: #fbbf24;
    --migrated: #22c55e; --refused: #ef4444; --remaining: #f59e0b; --stays: #94a3b8;
    --grid: #262b35; --chip: #232833; --focus: #93c5fd;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", "Noto Sans", "DejaVu Sans", sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 20px 16px 48px; }
header h1 { font-size: 1.45rem; margin: 0 0 4px; }
header p { margin: 0; color: var(--muted); font-size: .9rem; overflow-wrap: anywhere; }
h2 { font-size: 1.1rem; margin: 0 0 12px; }
section.warn { border-color: var(--warn); }
section { background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 16px; margin-top: 16px; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: .85em; }
.muted { color: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 12px; margin-top: 16px; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 12px 14px; }
.card .label { color: var(--muted); font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; }
.card .value { font-size: 2rem; font-weight: 700; line-height: 1.15; font-variant-numeric: tabular-nums; }
.card .sub { color: var(--muted); font-size: .85rem; }
.card.cap .value { color: var(--cap); } .card.loop .value { color: var(--loop); }
.card.good .value { color: var(--ok); } .card.bad .value { color: var(--bad); }
.chart-wrap { position: relative; }
svg.chart { width: 100%; height: auto; display: block; }
svg.chart.compact { display: none; }
svg .grid { stroke: var(--grid); stroke-width: 1; }
svg .tick { fill: var(--muted); font-size: 12px; }
svg .series { fill: none; stroke-width: 2.5; stroke-linejoin: round; stroke-linecap: round; }
svg .series.cap { stroke: var(--cap); } svg .series.loop { stroke: var(--loop); }
svg .pt.cap { fill: var(--cap); } svg .pt.loop { fill: var(--loop); }
svg .baseline { stroke: var(--bad); stroke-width: 1.5; stroke-dasharray: 6 5; }
svg .baseline-label { fill: var(--bad); font-size: 12px; }
svg .guide { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 2 3; }
svg .hit { fill: transparent; cursor: crosshair; outline: none; }
svg .hit:focus { fill: color-mix(in srgb, var(--focus) 12%, transparent); }
.legend { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: .85rem; color: var(--muted); margin-top: 6px; }
.legend i { display: inline-block; width: 14px; height: 3px; vertical-align: middle; margin-right: 6px; border-radius: 2px; }
.legend .dash { background: none; border-top: 2px dashed var(--bad); height: 0; }
.tooltip { position: absolute; pointer-events: none; background: var(--card); color: var(--fg); border: 1px solid var(--border);
  border-radius: 8px; padding: 8px 10px; font-size: .82rem; box-shadow: 0 6px 18px rgb(0 0 0 / .18); max-width: 280px; z-index: 2; }
.tooltip[hidden] { display: none; }
.tooltip b { font-variant-numeric: tabular-nums; }
.ns-row { display: grid; grid-template-columns: minmax(90px, 160px) 1fr auto; gap: 10px; align-items: center; padding: 6px 0; }
.ns-name { font-weight: 600; overflow-wrap: anywhere; }
.bar { display: flex; height: 14px; border-radius: 7px; overflow: hidden; background: var(--chip); }
.bar span { display: block; height: 100%; }
.bar .migrated { background: var(--migrated); } .bar .refused { background: var(--refused); } .bar .remaining { background: var(--remaining); }
.ns-counts { font-size: .82rem; color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 10px; }
.controls input, .controls select { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--border);
  border-radius: 6px; padding: 6px 8px; min-width: 0; }
.controls input { flex: 1 1 220px; }
.controls .count { color: var(--muted); font-size: .85rem; margin-left: auto; }
table { width: 100%; border-collapse: collapse; font-size: .88rem; }
th, td { text-align: left; vertical-align: top; padding: 7px 8px; border-bottom: 1px solid var(--border); }
th { font-size: .78rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); white-space: nowrap; }
th button { all: unset; cursor: pointer; } th button:focus-visible { outline: 2px solid var(--focus); }
th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
td[data-label="evidence"] { min-width: 300px; } td.loc { min-width: 170px; }
td ul { margin: 0; padding-left: 16px; }
td details summary { cursor: pointer; color: var(--muted); font-size: .8rem; margin: 2px 0 0 16px; } td li { overflow-wrap: anywhere; }
.loc { overflow-wrap: anywhere; color: var(--muted); }
.badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: .78rem; font-weight: 600; white-space: nowrap; background: var(--chip); }
.badge.migrated { color: var(--migrated); } .badge.refused { color: var(--refused); }
.badge.remaining { color: var(--warn); } .badge.stays { color: var(--stays); }
.badge.ok { color: var(--ok); } .badge.fail { color: var(--bad); }
.reason { display: block; color: var(--muted); font-size: .8rem; margin-top: 2px; overflow-wrap: break-word; }
td[data-label="status"] { min-width: 150px; }
.empty { color: var(--muted); font-style: italic; }
footer { color: var(--muted); font-size: .8rem; margin-top: 20px; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.sort-mobile { display: none; }
@media (max-width: 720px) {
  main { padding: 12px 10px 32px; }
  .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
  .card { padding: 10px 12px; }
  svg.chart.wide { display: none; }
  svg.chart.compact { display: block; }
  .controls input { flex-basis: 100%; }
  section { padding: 12px; }
  .card .value { font-size: 1.6rem; }
  .ns-row { grid-template-columns: 1fr auto; }
  .ns-row .bar { grid-column: 1 / -1; grid-row: 2; }
  table.stack thead { display: none; }
  table.stack, table.stack tbody { display: block; width: 100%; }
  table.stack tr { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 4px 10px;
    border: 1px solid var(--border); border-radius: 8px; padding: 8px 10px; margin-bottom: 10px; }
  table.stack tr[hidden] { display: none; }
  table.stack td { display: block; border: 0; padding: 0; min-width: 0; overflow-wrap: anywhere; }
  table.stack td.span { grid-column: 1 / -1; }
  table.stack .reason { overflow-wrap: anywhere; }
  table.stack td.none { display: none; }
  table.stack td[data-label]::before { content: attr(data-label); display: block; font-size: .72rem; text-transform: uppercase; color: var(--muted); }
  .sort-mobile { display: inline-block; }
}
`;
