/**
 * The migration dashboard: `loadDashboardInputs(root)` reads saved results from `.capkit/`,
 * `renderDashboard(inputs)` turns them into one self-contained HTML page. Used by
 * `capkit dashboard`; neither function runs an engine.
 */
export { renderDashboard } from "./render-html.js";
export { loadDashboardInputs, loadBaselineCounters, type LoadOptions } from "./load-inputs.js";
export { buildLedger, buildNamespaces, type LedgerRow, type LedgerStatus, type NamespaceRow } from "./model.js";
export { escapeHtml } from "./escape.js";
export type * from "./dashboard-inputs.js";
