/**
 * The dashboard's sections as escaped HTML fragments: counter cards, trend, namespace
 * progress, the class ledger, lint violations and the parity verdict. Each takes plain data
 * from the saved results and returns markup; nothing here reads files.
 */
import { KINDS } from "../../lib/kinds.js";
import { summarizeTrend } from "../trend.js";
import { COMPACT, trendChart, WIDE } from "./chart.js";
import { html, raw, type RawHtml } from "./escape.js";
import type { DashboardInputs } from "./dashboard-inputs.js";
import type { LedgerRow, NamespaceRow, RefusalGroup } from "./model.js";
import { plural } from "../../lib/wording.js";

function card(label: string, value: string | number, sub: string, cls: string, testid: string): RawHtml {
  return html`<div class="card ${cls}" data-testid="${testid}"><div class="label">${label}</div><div class="value">${value}</div><div class="sub">${sub}</div></div>`;
}

export function cardsSection(inputs: DashboardInputs): RawHtml {
  const c = inputs.inventory.counters;
  const trend = summarizeTrend(inputs.history);
  const capSub = trend
    ? `${trend.capabilityShaped.from} → ${trend.capabilityShaped.to} over ${plural(trend.commits, "commit")}`
    : "target 0";
  const base = inputs.baseline?.capabilityShaped;
  const cards = [
    card(
      "capability-shaped",
      c.capabilityShaped,
      capSub,
      c.capabilityShaped === 0 ? "good" : "cap",
      "counter-capability",
    ),
    card(
      "loop-protocol",
      c.loopProtocol,
      trend ? `${trend.loopProtocol.from} → ${trend.loopProtocol.to} · allowed to stay` : "allowed to stay",
      "loop",
      "counter-loop",
    ),
    card(
      "extends Tool",
      c.extendsTool.occurrences,
      `in ${c.extendsTool.files} files${c.indirect.occurrences ? ` · ${c.indirect.occurrences} indirect` : ""}`,
      "",
      "counter-extends",
    ),
  ];
  if (base != null) {
    const headroom = base - c.capabilityShaped;
    cards.push(
      card(
        "ratchet baseline",
        base,
        headroom > 0
          ? `${headroom} below: tighten it`
          : headroom < 0
            ? `${-headroom} over: the check fails`
            : "at the baseline",
        headroom < 0 ? "bad" : "",
        "counter-baseline",
      ),
    );
  }
  if (inputs.lint) {
    const n = inputs.lint.violations.length;
    cards.push(
      card("lint violations", n, n ? "seam and spec rules" : "seam is clean", n ? "bad" : "good", "counter-lint"),
    );
  }
  if (inputs.parity) {
    const failed = inputs.parity.checks.filter((k) => !k.ok).length;
    cards.push(
      card(
        "parity",
        failed ? "fail" : "pass",
        `${inputs.parity.checks.length - failed} of ${inputs.parity.checks.length} checks pass`,
        failed ? "bad" : "good",
        "counter-parity",
      ),
    );
  }
  return html`<div class="cards">${cards}</div>`;
}

export function trendSection(inputs: DashboardInputs): RawHtml {
  const commits = inputs.history?.commits ?? [];
  if (!commits.length) {
    return html`<section id="trend"><h2>Trend</h2><p class="empty" data-testid="no-history">No saved history. Run <code>capkit dashboard --history 30</code> to backfill the counters over the last 30 commits.</p></section>`;
  }
  const baselineLegend =
    inputs.baseline?.capabilityShaped != null
      ? html`<span><i class="dash"></i>ratchet baseline (${inputs.baseline.file})</span>`
      : "";
  const single =
    commits.length === 1
      ? html`<p class="muted">One commit so far: pass <code>--history N</code> for a longer trend.</p>`
      : "";
  return html`<section id="trend"><h2>Trend over ${plural(commits.length, "commit")}</h2>${single}
<div class="chart-wrap">${trendChart(commits, inputs.baseline, WIDE)}${trendChart(commits, inputs.baseline, COMPACT)}
<div class="tooltip" role="status" data-testid="chart-tooltip" hidden><div><span class="mono" data-f="sha"></span> · <span data-f="date"></span></div><div data-f="subject"></div><div>capability-shaped <b data-f="cap"></b> · loop-protocol <b data-f="loop"></b></div></div></div>
<div class="legend"><span><i style="background:var(--cap)"></i>capability-shaped</span><span><i style="background:var(--loop)"></i>loop-protocol</span>${baselineLegend}</div>
</section>`;
}

export function namespacesSection(rows: readonly NamespaceRow[], hasMigrate: boolean): RawHtml {
  const note = hasMigrate
    ? ""
    : html`<p class="muted">No saved migrate result: every capability-shaped class counts as remaining.</p>`;
  if (!rows.length)
    return html`<section id="namespaces"><h2>Namespaces</h2>${note}<p class="empty">No capability-shaped classes.</p></section>`;
  const bars = rows.map((r) => {
    const total = r.migrated + r.refused + r.remaining || 1;
    const pct = (n: number) => `${((n / total) * 100).toFixed(2)}%`;
    const label = `${r.namespace}: ${r.migrated} migrated, ${r.refused} refused, ${r.remaining} remaining`;
    return html`<div class="ns-row" data-testid="ns-row" data-namespace="${r.namespace}" data-migrated="${r.migrated}" data-refused="${r.refused}" data-remaining="${r.remaining}">
<span class="ns-name">${r.namespace}</span>
<div class="bar" role="img" aria-label="${label}"><span class="migrated" style="width:${pct(r.migrated)}"></span><span class="refused" style="width:${pct(r.refused)}"></span><span class="remaining" style="width:${pct(r.remaining)}"></span></div>
<span class="ns-counts">${r.migrated} ✓ · ${r.refused} ✗ · ${r.remaining} left</span></div>`;
  });
  return html`<section id="namespaces"><h2>Namespaces</h2>${note}${bars}
<div class="legend"><span><i style="background:var(--migrated)"></i>migrated</span><span><i style="background:var(--refused)"></i>refused</span><span><i style="background:var(--remaining)"></i>remaining</span></div></section>`;
}

/** The deciding fact first; the rest folded away so a ledger row stays a few lines tall. */
function evidenceList(items: readonly string[]): RawHtml {
  const [head, ...rest] = items;
  if (head === undefined) return html`<span class="muted">–</span>`;
  const more = rest.length
    ? html`<details><summary>${rest.length} more</summary><ul>${rest.map((e) => html`<li>${e}</li>`)}</ul></details>`
    : "";
  return html`<ul><li>${head}</li></ul>${more}`;
}

/** Blocker codes as a compact line; the full messages (file:line, how to unblock) folded below. */
function blockerList(items: readonly string[]): RawHtml {
  if (!items.length) return html`<span class="muted">–</span>`;
  const codes = [...new Set(items.map((b) => b.split(": ")[0] ?? b))];
  return html`<div class="mono">${codes.join(" · ")}</div><details><summary>why</summary><ul>${items.map((e) => html`<li>${e}</li>`)}</ul></details>`;
}

const STATUS_ORDER: Record<LedgerRow["status"], string> = { remaining: "1", refused: "2", migrated: "3", stays: "4" };

function ledgerRow(r: LedgerRow): RawHtml {
  const search = [
    r.name,
    r.wireName,
    r.kind,
    r.namespace,
    r.category,
    r.location,
    r.status,
    r.reason,
    ...r.evidence,
    ...r.blockers,
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return html`<tr data-status="${r.status}" data-kind="${r.kind}" data-name="${r.name}" data-namespace="${r.namespace ?? "~"}" data-statusorder="${STATUS_ORDER[r.status]}" data-blockers="${String(r.blockers.length).padStart(3, "0")}" data-location="${r.location}" data-search="${search}">
<td data-label="class" class="span"><strong>${r.name}</strong>${r.wireName && r.wireName !== r.name ? html`<div class="mono muted">${r.wireName}</div>` : ""}</td>
<td data-label="kind">${r.kind}</td>
<td data-label="namespace · category">${r.namespace ?? "–"}${r.category ? html`<div class="muted">${r.category}</div>` : ""}</td>
<td data-label="status"><span class="badge ${r.status}">${r.status}</span>${r.reason ? html`<span class="reason">${r.reason}</span>` : ""}</td>
<td data-label="blockers" class="span${r.blockers.length ? "" : " none"}">${blockerList(r.blockers)}</td>
<td data-label="evidence" class="span">${evidenceList(r.evidence)}</td>
<td data-label="location" class="span loc mono">${r.location}</td></tr>`;
}

export function ledgerSection(rows: readonly LedgerRow[]): RawHtml {
  const kinds = KINDS.filter((k) => rows.some((r) => r.kind === k));
  const th = (key: string, label: string) =>
    html`<th data-sort="${key}" aria-sort="${key === "statusorder" ? "ascending" : "none"}"><button type="button">${label}</button></th>`;
  const sortOptions = [
    ["name", "class"],
    ["kind", "kind"],
    ["namespace", "namespace"],
    ["statusorder", "status"],
    ["blockers", "blockers"],
    ["location", "location"],
  ];
  return html`<section id="classes"><h2>Classes</h2>
<div class="controls">
<input id="ledger-filter" type="search" placeholder="Filter by name, namespace, evidence…" aria-label="Filter classes" data-testid="ledger-filter">
<select id="ledger-status" aria-label="Status" data-testid="ledger-status"><option value="">any status</option>${["remaining", "refused", "migrated", "stays"].map((s) => html`<option value="${s}">${s}</option>`)}</select>
<select id="ledger-kind" aria-label="Kind"><option value="">any kind</option>${kinds.map((k) => html`<option value="${k}">${k}</option>`)}</select>
<select id="ledger-sort" class="sort-mobile" aria-label="Sort by">${sortOptions.flatMap(([k, l]) => [
    html`<option value="${k}:asc"${raw(k === "statusorder" ? " selected" : "")}>sort: ${l} ↑</option>`,
    html`<option value="${k}:desc">sort: ${l} ↓</option>`,
  ])}</select>
<span id="ledger-count" class="count" data-testid="ledger-count" aria-live="polite">${rows.length} of ${rows.length} classes</span>
</div>
<table id="ledger" class="stack" data-testid="ledger"><thead><tr>${th("name", "class")}${th("kind", "kind")}${th("namespace", "namespace · category")}${th("statusorder", "status")}${th("blockers", "blockers")}<th>evidence</th>${th("location", "location")}</tr></thead>
<tbody>${rows.map(ledgerRow)}</tbody></table></section>`;
}

/** Migrate's refusals grouped by code: what blocks the most classes, and the fix for it. */
export function refusalsSection(groups: readonly RefusalGroup[]): RawHtml {
  if (!groups.length) return html``;
  const rows = groups.map(
    (g) =>
      html`<tr data-testid="refusal-code" data-code="${g.code}" data-count="${g.classes.length}"><td data-label="code" class="span mono">${g.code}</td><td data-label="classes" class="span">${g.classes.length}: ${g.classes.map((c) => `${c.name} (${c.location})`).join(", ")}</td><td data-label="fix" class="span">${g.fix ?? ""}</td></tr>`,
  );
  return html`<section id="refusals"><h2>Refusals by code</h2>
<table class="stack"><thead><tr><th>code</th><th>classes</th><th>fix</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

export function lintSection(inputs: DashboardInputs): RawHtml {
  if (!inputs.lint) return html``;
  const v = inputs.lint.violations;
  const body = v.length
    ? html`<table class="stack" data-testid="lint-table"><thead><tr><th>rule</th><th>location</th><th>message</th></tr></thead><tbody>${v.map(
        (x) =>
          html`<tr><td data-label="rule" class="span mono">${x.rule}</td><td data-label="location" class="span loc mono">${x.file}:${x.line}</td><td data-label="message" class="span">${x.message}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">No lint violations.</p>`;
  return html`<section id="lint"><h2>Lint <span class="badge ${v.length ? "fail" : "ok"}">${v.length} violation${v.length === 1 ? "" : "s"}</span></h2>${body}</section>`;
}

function mutantsLine(m: unknown): RawHtml | "" {
  if (m === undefined || m === null) return "";
  const r = m as { total?: unknown; killed?: unknown; survivors?: unknown };
  if (typeof r.total === "number" && typeof r.killed === "number") {
    const survivors = Array.isArray(r.survivors) ? r.survivors.map(String) : [];
    return html`<p data-testid="parity-mutants">Mutants: <strong>${r.killed} of ${r.total} killed</strong>${
      survivors.length ? html` · survived: <span class="mono">${survivors.join(", ")}</span>` : ""
    }</p>`;
  }
  return html`<p class="muted">Mutants: <code>${problemText(m)}</code></p>`;
}

function problemText(p: unknown): string {
  return typeof p === "string" ? p : JSON.stringify(p);
}

export function paritySection(inputs: DashboardInputs): RawHtml {
  if (!inputs.parity) return html``;
  const checks = inputs.parity.checks;
  const failed = checks.filter((c) => !c.ok).length;
  const items = checks.map(
    (c) =>
      html`<tr data-testid="parity-check"><td data-label="check" class="span">${c.name}${c.summary ? html`<div class="muted">${c.summary}</div>` : ""}</td><td data-label="verdict"><span class="badge ${c.ok ? "ok" : "fail"}">${c.ok ? "pass" : "fail"}</span></td><td data-label="problems" class="span${c.problems.length ? "" : " none"}">${
        c.problems.length
          ? html`<ul>${c.problems.map((p) => html`<li>${problemText(p)}</li>`)}</ul>`
          : html`<span class="muted">–</span>`
      }</td></tr>`,
  );
  const mutants = mutantsLine(inputs.parity.mutants);
  return html`<section id="parity"><h2>Parity <span class="badge ${failed ? "fail" : "ok"}" data-testid="parity-verdict">${failed ? `${failed} failing` : "all pass"}</span></h2>
<table class="stack"><thead><tr><th>check</th><th>verdict</th><th>problems</th></tr></thead><tbody>${items}</tbody></table>${mutants}</section>`;
}
