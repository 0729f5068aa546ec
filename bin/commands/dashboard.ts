/**
 * `capkit dashboard [root] [--history N] [--out FILE] [--config FILE]`: renders the saved
 * results under `<root>/.capkit/results/` (inventory required; history, migrate, lint, parity
 * optional) and the committed ratchet baseline into one self-contained HTML file, default
 * `<root>/.capkit/dashboard.html`. It never rescans; `--history N` first runs the history
 * backfill over the last N commits and saves it. Exit: 0 written; 2 usage, config, or no saved
 * inventory (run `capkit inventory` first).
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { loadConfig } from "../../lib/config/index.js";
import { EnvironmentError, UsageError } from "../../lib/errors.js";
import { capkitDir, resultPath } from "../../lib/results-store.js";
import {
  computeHistory,
  historyStaleness,
  saveHistory,
  type HistoryProgress,
  type HistoryResult,
} from "../../inventory/history/index.js";
import { loadDashboardInputs, renderDashboard } from "../../reports/dashboard/index.js";
import { trendLine } from "../../reports/index.js";
import { assertNoInterruptedMigrate, parseCommandArgs, type CliIO, type CommandModule } from "../command.js";
import { commandRoot } from "../root.js";
import { progressLine } from "../progress-line.js";

const USAGE = "capkit dashboard [root] [--history N] [--out FILE] [--config FILE]";

const OPTIONS = {
  history: { type: "string" },
  out: { type: "string" },
  config: { type: "string" },
} as const;

function parseHistory(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) {
    throw new UsageError(`--history needs a positive whole number of commits, got "${value}"`, {
      hint: "e.g. capkit dashboard --history 30",
    });
  }
  return n;
}

function progressPrinter(io: CliIO): ((e: HistoryProgress) => void) | undefined {
  const line = progressLine(io);
  if (!line) return undefined;
  return (e) => {
    line.show(`capkit dashboard: history ${e.done}/${e.total} ${e.commit.sha.slice(0, 8)}`);
    if (e.done === e.total) line.clear();
  };
}

/**
 * The dashboard never rescans, so a migrate applied after the last inventory leaves its counters
 * and ledger from before the migrate (the README's order runs inventory --check in between, a
 * person often does not). Compared by the saved files' mtimes: both are written by this machine.
 */
function inventoryOlderThanMigrate(root: string): boolean {
  const mtime = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : null);
  const inventory = mtime(resultPath(root, "inventory"));
  const migrate = mtime(resultPath(root, "migrate"));
  return inventory !== null && migrate !== null && migrate > inventory;
}

/**
 * Says which saved history the page's trend comes from when this run did not compute it: how
 * old, and whether HEAD has moved past its newest commit (then how to refresh it).
 */
async function savedHistoryNote(io: CliIO, root: string, history: HistoryResult): Promise<void> {
  const s = await historyStaleness(root, history);
  const saved = `capkit dashboard: the trend is the saved history in ${display(io, resultPath(root, "history"))} (${s.commits} commit${s.commits === 1 ? "" : "s"}, computed ${s.generatedAt})`;
  const refresh = `refresh it with capkit dashboard --history ${Math.max(s.commits, 1)}`;
  if (s.behind === 0) io.stderr(`${saved}, up to date with HEAD\n`);
  else if (s.behind !== null)
    io.stderr(
      `${saved}; it is stale: HEAD is ${s.behind} commit${s.behind === 1 ? "" : "s"} past its newest (${s.newest?.slice(0, 8)}), which the trend does not show; ${refresh}\n`,
    );
  else
    io.stderr(
      `${saved}; it may be stale: its newest commit (${s.newest?.slice(0, 8) ?? "none"}) is not on HEAD's line${s.head ? ` (HEAD ${s.head.slice(0, 8)})` : ""}; ${refresh}\n`,
    );
}

function display(io: CliIO, path: string): string {
  const rel = relative(io.cwd, path);
  return rel && !rel.startsWith("..") ? rel : path;
}

export const command: CommandModule = {
  summary: "render saved results (inventory, history, migrate, lint, parity) as one HTML page",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    ["--history N", "first backfill the counters over the last N commits (saved for later runs)"],
    ["--out FILE", "where to write the page (default <root>/.capkit/dashboard.html)"],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
  ],
  exit: "0 written; 2 usage, config, or no saved inventory (run capkit inventory first)",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("dashboard", argv, OPTIONS, USAGE);
    if (positionals.length > 1)
      throw new UsageError(`takes one root, got ${positionals.length}`, { hint: `usage: ${USAGE}` });
    const commits = parseHistory(values.history);
    const root = commandRoot(io, "dashboard", positionals[0]);
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new EnvironmentError(`root is not a readable directory: ${root}`, {
        hint: "pass the repository to render, e.g. capkit dashboard path/to/repo",
      });
    }
    assertNoInterruptedMigrate(root);
    const { config } = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    if (commits !== undefined) {
      const onProgress = progressPrinter(io);
      const history = await computeHistory(root, { commits, config, ...(onProgress ? { onProgress } : {}) });
      const saved = saveHistory(root, history);
      const { hits, misses } = history.cache;
      io.stderr(
        `capkit dashboard: history of ${history.commits.length} commit${history.commits.length === 1 ? "" : "s"} saved to ${display(io, saved)} (blobs: ${misses} read, ${hits} cached)\n`,
      );
    }
    const inputs = loadDashboardInputs(root, { baselineFile: config.ratchet.baseline });
    if (commits === undefined && inputs.history) await savedHistoryNote(io, root, inputs.history);
    if (inventoryOlderThanMigrate(root))
      io.stderr(
        `capkit dashboard: note: the saved inventory (${display(io, resultPath(root, "inventory"))}) is older than the last capkit migrate, so its counts are from before it: run capkit inventory, then capkit dashboard again\n`,
      );
    const out = values.out ? resolve(io.cwd, values.out) : resolve(capkitDir(root), "dashboard.html");
    writeFileAtomic(out, renderDashboard(inputs));
    const trend = trendLine(inputs.history);
    const c = inputs.inventory.counters;
    io.stdout(
      `wrote ${display(io, out)}\n  capability-shaped ${c.capabilityShaped} · loop-protocol ${c.loopProtocol}${trend ? `\n  ${trend}` : ""}\n`,
    );
    return 0;
  },
};
