/**
 * Renders the migration dashboard: one self-contained HTML document (inline CSS, SVG and
 * script; no network) from saved results. Pure — `bin/commands/dashboard.ts` loads the
 * results and writes the file atomically.
 */
import { CLIENT_SCRIPT } from "./client-script.js";
import { html, raw } from "./escape.js";
import type { DashboardInputs } from "./dashboard-inputs.js";
import { buildLedger, buildNamespaces, refusalsByCode } from "./model.js";
import { incompleteText } from "../ratchet-text.js";
import {
  cardsSection,
  ledgerSection,
  lintSection,
  namespacesSection,
  paritySection,
  refusalsSection,
  trendSection,
} from "./sections.js";
import { STYLES } from "./styles.js";

export function renderDashboard(inputs: DashboardInputs): string {
  const ledger = buildLedger(inputs);
  const namespaces = buildNamespaces(ledger);
  const inv = inputs.inventory;
  const sources = [
    "inventory",
    inputs.history && "history",
    inputs.migrate && "migrate",
    inputs.lint && "lint",
    inputs.parity && "parity",
    inputs.baseline && "baseline",
  ]
    .filter(Boolean)
    .join(", ");
  const incomplete = inv.incomplete
    ? html`<section class="warn" data-testid="incomplete"><strong>${incompleteText(inv)}.</strong><ul>${inv.problems.map(
        (p) => html`<li class="mono">${p.file}:${p.line}:${p.column} ${p.message}</li>`,
      )}</ul></section>`
    : "";
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>capkit migration dashboard</title>
<style>${raw(STYLES)}</style>
</head>
<body>
<main>
<header><h1>capkit migration dashboard</h1>
<p><span class="mono">${inv.root}</span> · inventory of ${inv.generatedAt} · ${inv.scannedFiles} files scanned</p></header>
${cardsSection(inputs)}
${incomplete}
${trendSection(inputs)}
${namespacesSection(namespaces, inputs.migrate !== undefined)}
${refusalsSection(refusalsByCode(inputs))}
${ledgerSection(ledger)}
${lintSection(inputs)}
${paritySection(inputs)}
<footer>Rendered ${inputs.renderedAt} from saved results (${sources}) in .capkit/results/. Re-run the jobs, then <code>capkit dashboard</code>, to refresh.</footer>
</main>
<script>${raw(CLIENT_SCRIPT)}</script>
</body>
</html>
`;
  return page.__html;
}
