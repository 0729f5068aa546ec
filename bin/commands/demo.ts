/**
 * `capkit demo`: the whole story on a temporary copy of the embedded NodeTool-shaped fixture —
 * inventory before (and the ratchet baseline), parity recording of the old classes, migrate
 * every namespace, inventory after, the seam lint, the parity verdict and the dashboard. The
 * checkout is never touched. Exit 0 when the story ran and the migrated registry passed
 * parity and lint; 1 otherwise (each failing step says why).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { demoFixtureRoot } from "../../lib/package-layout.js";
import { writeFileAtomic } from "../../lib/atomic-write.js";
import { EnvironmentError } from "../../lib/errors.js";
import { loadConfig } from "../../lib/config/index.js";
import { saveResult, capkitDir } from "../../lib/results-store.js";
import { writeBaseline } from "../../inventory/ratchet/index.js";
import { scanInventory } from "../../inventory/index.js";
import type { Counters, InventoryResult } from "../../inventory/types.js";
import { runMigration } from "../../codemods/runner/index.js";
import { runLint } from "../../rules/engine/index.js";
import { recordParityAt, runParity } from "../../parity/index.js";
import { recordingSummary, renderParityText } from "../../parity/index.js";
import { computeHistory, saveHistory } from "../../inventory/history/index.js";
import { loadDashboardInputs, renderDashboard } from "../../reports/dashboard/index.js";
import { colorEnabled, renderInventoryReport } from "../../reports/index.js";
import { parseCommandArgs, type CliIO, type CommandModule } from "../command.js";
import { lintJson } from "./lint.js";
import { migrateJson } from "./migrate.js";

const USAGE = "capkit demo [--table]";
/**
 * Saved results and caches of earlier runs inside the checkout are not part of the fixture.
 * Matched against the path inside the fixture: an installed capkit's fixture itself lies under
 * node_modules/.
 */
const NOT_COPIED = [
  /^\.capkit\/(results|cache|journal|migrate\.lock)(\/|$)/,
  /(^|\/)node_modules(\/|$)/,
  /^\.capkit\/dashboard\.html$/,
];

function git(root: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "capkit demo",
      GIT_AUTHOR_EMAIL: "demo@capkit.invalid",
      GIT_COMMITTER_NAME: "capkit demo",
      GIT_COMMITTER_EMAIL: "demo@capkit.invalid",
    },
  });
}

function copyFixture(): string {
  const fixture = demoFixtureRoot();
  if (!existsSync(join(fixture, "package.json"))) {
    throw new EnvironmentError("the demo's embedded fixture is missing from this install", {
      file: fixture,
      hint: "reinstall capkit (npm install capkit), or run `npm run build` in a checkout",
    });
  }
  const root = mkdtempSync(join(tmpdir(), "capkit-demo-"));
  const inside = (src: string) => relative(fixture, src).split(sep).join("/");
  try {
    cpSync(fixture, root, { recursive: true, filter: (src) => !NOT_COPIED.some((re) => re.test(inside(src))) });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "nodetool-mini: before the migration");
  return root;
}

function counterLine(label: string, before: number, after: number): string {
  const arrow = before === after ? "=" : before > after ? "↓" : "↑";
  return `  ${label.padEnd(22)} ${String(before).padStart(4)} → ${String(after).padEnd(4)} ${arrow}`;
}

function movement(before: Counters, after: Counters): string {
  return [
    counterLine("capability-shaped", before.capabilityShaped, after.capabilityShaped),
    counterLine("loop-protocol", before.loopProtocol, after.loopProtocol),
    counterLine("extends Tool (direct)", before.extendsTool.occurrences, after.extendsTool.occurrences),
    counterLine("files with extends Tool", before.extendsTool.files, after.extendsTool.files),
    counterLine("indirect subclasses", before.indirect.occurrences, after.indirect.occurrences),
  ].join("\n");
}

/** Counters, kinds and namespaces in a few lines; the full ledger is the table reporter's job. */
function inventorySummary(inv: InventoryResult): string {
  const c = inv.counters;
  const kinds = Object.entries(c.byKind)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(" · ");
  const namespaces = Object.entries(c.byNamespace)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([ns, n]) => `${ns} ${n}`)
    .join(" · ");
  return [
    `  ${inv.classes.length} classes extend Tool (${c.extendsTool.occurrences} directly, in ${c.extendsTool.files} files; ${c.indirect.occurrences} indirectly)`,
    `  kinds: ${kinds}`,
    `  capability-shaped by namespace: ${namespaces}`,
  ].join("\n");
}

function step(io: CliIO, n: number, title: string): void {
  io.stdout(`\n${n}. ${title}\n`);
}

export const command: CommandModule = {
  summary: "the whole pipeline on a temporary copy of the embedded fixture",
  usage: USAGE,
  flags: [["--table", "print the inventory as the full table instead of the summary"]],
  exit: "0 every step passed; 1 a step failed",
  async run(argv, io) {
    const { values } = parseCommandArgs("demo", argv, { table: { type: "boolean" } } as const, USAGE);
    const root = copyFixture();
    const { config } = loadConfig(root);
    const color = colorEnabled(io.env, io.stdoutIsTTY);
    io.stdout(`capkit demo — a NodeTool-shaped monorepo (fixtures/nodetool-mini) copied to ${root}\n`);

    step(io, 1, "Inventory before: every Tool subclass, classified with evidence");
    const before = await scanInventory(root, { config });
    saveResult(root, "inventory", before);
    writeBaseline(root, config.ratchet.baseline, before);
    if (values.table) io.stdout(renderInventoryReport("table", { inventory: before }, { color }).output);
    else io.stdout(`${inventorySummary(before)}\n  (capkit demo --table prints every class with its evidence)\n`);
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "capkit: ratchet baseline");

    step(io, 2, "Record the old classes' behaviour (capkit parity --record)");
    const recorded = await recordParityAt(root, { config });
    const summary = recordingSummary(recorded.recording);
    io.stdout(
      `  ${summary.cases} cases of ${summary.capabilities} capabilities recorded to ${relative(root, recorded.file)}\n`,
    );
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "capkit: parity recording");

    step(io, 3, "Migrate every namespace (capkit migrate --all)");
    const migrated = await runMigration({ root, namespaces: "all", config });
    saveResult(root, "migrate", migrateJson(migrated));
    for (const ns of migrated.namespaces) {
      const refused = ns.refused.length ? `, refused ${ns.refused.length}` : "";
      io.stdout(`  ${ns.namespace.padEnd(12)} converted ${String(ns.converted.length).padStart(2)}${refused}\n`);
      for (const r of ns.refused) io.stdout(`      refused ${r.class} (${r.file}:${r.line}): ${r.reason}\n`);
    }
    io.stdout(
      `  call sites rewritten: ${migrated.callSitesRewritten}; files written: ${migrated.filesWritten.length}\n`,
    );
    git(root, "add", "-A");
    git(root, "commit", "-q", "-m", "capkit: migrate --all");

    step(io, 4, "Inventory after: the counters moving");
    const after = await scanInventory(root, { config });
    saveResult(root, "inventory", after);
    io.stdout(`${movement(before.counters, after.counters)}\n`);
    const history = await computeHistory(root, { commits: 10, config });
    saveHistory(root, history);

    step(io, 5, "Seam lint on the migrated tree (capkit lint)");
    const lint = await runLint(root);
    saveResult(root, "lint", lintJson(lint));
    io.stdout(
      `  ${lint.files} files, ${lint.cycles} cycles across the seam (${lint.asyncCycles} async), ${lint.violations.length} violations\n`,
    );
    for (const v of lint.violations.slice(0, 10)) io.stdout(`    ${v.file}:${v.line} ${v.rule}: ${v.message}\n`);

    step(io, 6, "Parity: the migrated registry against the classes it replaced (with mutants)");
    const parity = await runParity(root, { config, mutants: true });
    saveResult(root, "parity", parity);
    io.stdout(renderParityText(parity).replace(/^/gm, "  "));

    step(io, 7, "Dashboard");
    const out = resolve(capkitDir(root), "dashboard.html");
    writeFileAtomic(out, renderDashboard(loadDashboardInputs(root, { baselineFile: config.ratchet.baseline })));
    io.stdout(`  ${out}\n`);

    const ok = parity.ok && lint.violations.length === 0;
    io.stdout(
      `\n${ok ? "Done" : "Done, with failures above"}: the copy stays at ${root} for you to explore (capkit inventory/lint/parity/dashboard ${root}).\n`,
    );
    return ok ? 0 : 1;
  },
};
