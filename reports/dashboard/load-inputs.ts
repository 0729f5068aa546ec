/**
 * Reads what the dashboard renders from `<root>/.capkit/`: the saved results of inventory
 * (required), history, migrate, lint and parity (each optional), and the committed ratchet
 * baseline's counters. It never runs an engine. A missing inventory result or a malformed
 * file is a CapkitError naming the file and the command that rewrites it.
 */
import { relative } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import { readJsonFileIfExists } from "../../lib/read-json.js";
import { resultPath, type ResultJob } from "../../lib/results-store.js";
import type { HistoryResult } from "../../inventory/history/types.js";
import { readBaseline } from "../../inventory/ratchet/index.js";
import type { InventoryResult } from "../../inventory/types.js";
import type { SavedLint, SavedMigrate, SavedParity } from "../../lib/saved-results.js";
import type { BaselineCounters, DashboardInputs } from "./dashboard-inputs.js";

const RERUN: Partial<Record<ResultJob, string>> = {
  inventory: "capkit inventory",
  history: "capkit dashboard --history 30",
  migrate: "capkit migrate --namespace <ns>",
  lint: "capkit lint",
  parity: "capkit parity",
};

type Guard = (value: Record<string, unknown>) => boolean;

const GUARDS: Partial<Record<ResultJob, Guard>> = {
  inventory: (v) => typeof v["root"] === "string" && typeof v["counters"] === "object" && Array.isArray(v["classes"]),
  history: (v) => Array.isArray(v["commits"]),
  migrate: (v) => Array.isArray(v["namespaces"]),
  lint: (v) => Array.isArray(v["violations"]),
  parity: (v) => Array.isArray(v["checks"]),
};

function loadJob<T>(root: string, job: ResultJob): T | undefined {
  const path = resultPath(root, job);
  const file = relative(root, path);
  const hint = `re-run \`${RERUN[job] ?? `capkit ${job}`}\` to rewrite it`;
  const value = readJsonFileIfExists(path, { what: `saved ${job} result`, file, hint, error: EnvironmentError });
  if (value === undefined) return undefined;
  const guard = GUARDS[job];
  if (!value || typeof value !== "object" || (guard && !guard(value as Record<string, unknown>))) {
    throw new EnvironmentError(`saved ${job} result does not have the expected shape`, { file, hint });
  }
  return value as T;
}

/** The committed baseline's counters, read through the ratchet's own reader (never recomputed). */
export function loadBaselineCounters(root: string, baselineFile: string): BaselineCounters | undefined {
  const baseline = readBaseline(root, baselineFile);
  if (!baseline) return undefined;
  return {
    file: baselineFile,
    capabilityShaped: baseline.counters["capabilityShaped"] ?? null,
    loopProtocol: baseline.counters["loopProtocol"] ?? null,
  };
}

export interface LoadOptions {
  /** Root-relative baseline path (config `ratchet.baseline`). */
  readonly baselineFile?: string;
  readonly renderedAt?: string;
}

export function loadDashboardInputs(root: string, options: LoadOptions = {}): DashboardInputs {
  const inventory = loadJob<InventoryResult>(root, "inventory");
  if (!inventory) {
    throw new EnvironmentError("no saved inventory result to render", {
      file: relative(root, resultPath(root, "inventory")),
      hint: "run `capkit inventory` first (the dashboard renders saved results and never scans)",
    });
  }
  const history = loadJob<HistoryResult>(root, "history");
  const migrate = loadJob<SavedMigrate>(root, "migrate");
  const lint = loadJob<SavedLint>(root, "lint");
  const parity = loadJob<SavedParity>(root, "parity");
  const baseline = loadBaselineCounters(root, options.baselineFile ?? ".capkit/baseline.json");
  return {
    inventory,
    renderedAt: options.renderedAt ?? new Date().toISOString(),
    ...(history ? { history } : {}),
    ...(migrate ? { migrate } : {}),
    ...(lint ? { lint } : {}),
    ...(parity ? { parity } : {}),
    ...(baseline ? { baseline } : {}),
  };
}
