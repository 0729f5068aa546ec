/**
 * `capkit inventory [root] [--json] [--reporter table|json|markdown|github] [--config FILE]
 * [--check] [--update-baseline]`: scans, optionally checks or rewrites the ratchet baseline,
 * saves the result for the dashboard (.capkit/results/inventory.json, ratchet.json) and
 * renders it. Exit: 0 ok; 1 ratchet worse / no baseline / scan incomplete; 2 usage, config or
 * unreadable root.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../../lib/config/index.js";
import { CapkitError, UsageError } from "../../lib/errors.js";
import { unscannedCount, unscannedList, unscannedPaths, unscannedTotal } from "../../lib/unscanned.js";
import { assertReadableRoot, scanInventory, type ScanProgress } from "../../inventory/scan/index.js";
import type { InventoryResult, RatchetOutcome } from "../../inventory/types.js";
// The light entry of reports/: the renderer asked for is loaded alone (no chalk for --json).
import { colorEnabled, isReporterName, loadReporter, REPORTER_NAMES } from "../../reports/load-reporter.js";
import {
  assertNoInterruptedMigrate,
  isCi,
  parseCommandArgs,
  saveResultOrNote,
  type CliIO,
  type CommandModule,
} from "../command.js";
import { commandRoot } from "../root.js";
import { progressLine } from "../progress-line.js";
import { changeLines, previousBaseline } from "./baseline-change.js";

/**
 * No subclass found and the configured base module is not on disk: a moved or misspelled
 * `base.module`, far likelier than a finished migration. A ratchet run would read it as progress
 * ("the count went down") and go green, so --check and --update-baseline refuse (exit 2).
 */
function refuseMissingBase(
  root: string,
  base: { readonly names: readonly string[]; readonly module: string | null },
  inventory: InventoryResult,
  values: { check?: boolean; "update-baseline"?: boolean; force?: boolean },
  io: CliIO,
): void {
  if (!base.module || inventory.scannedFiles === 0 || inventory.classes.length > 0) return;
  if (existsSync(join(root, base.module))) return;
  const what = `no subclass of ${base.names.join(", ")} found, and base.module ${base.module} does not exist under ${root}`;
  const hint =
    'point "base": { "module": "<root-relative file declaring the base>" } in capkit.config.json at the file that declares it (null when the base comes from a package)';
  if (values.check || (values["update-baseline"] && !values.force))
    throw new UsageError(`refusing to ${values.check ? "check" : "write the baseline"}: ${what}`, { hint });
  io.stderr(`capkit inventory: warning: ${what}\n  hint: ${hint}\n`);
}

const USAGE =
  "capkit inventory [root] [--json] [--reporter table|json|markdown|github] [--config FILE] [--check] [--update-baseline [--force]]";

const OPTIONS = {
  json: { type: "boolean" },
  reporter: { type: "string" },
  config: { type: "string" },
  check: { type: "boolean" },
  "update-baseline": { type: "boolean" },
  force: { type: "boolean" },
} as const;

function progressPrinter(io: CliIO): ((e: ScanProgress) => void) | undefined {
  const line = progressLine(io);
  return (
    line &&
    ((e) =>
      e.phase === "done"
        ? line.clear()
        : line.show(`capkit inventory: ${e.phase}${e.total ? ` ${e.done}/${e.total}` : ""}…`))
  );
}

/**
 * A baseline written from an incomplete scan (unreadable folders or files, syntax errors) would
 * forgive every class the scan missed: refuse it unless --force, and say what was missed.
 */
function refuseIncompleteBaseline(inventory: InventoryResult, baselineFile: string, force: boolean, io: CliIO): void {
  const missed = unscannedPaths(inventory.problems);
  const total = unscannedTotal(missed);
  if (!total) return;
  const list = unscannedList(missed, 5);
  if (force) {
    io.stderr(
      `capkit inventory: warning: --force: writing ${baselineFile} from an incomplete scan; ${unscannedCount(missed)} ${total === 1 ? "was" : "were"} not scanned (${list})\n`,
    );
    return;
  }
  throw new CapkitError(
    `refusing to write ${baselineFile}: the scan is incomplete, ${unscannedCount(missed)} could not be scanned (${list}), so the baseline would miss their classes`,
    1,
    {
      hint: "make them readable and fix their syntax, then run `capkit inventory --update-baseline` again (or pass --force to write it anyway)",
    },
  );
}

export const command: CommandModule = {
  summary: "find every Tool subclass, classify it with evidence, count, ratchet",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    ["--json", "print the result as one JSON document (same as --reporter json)"],
    ["--reporter R", "table (default), json, markdown (a PR comment) or github (annotations)"],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
    ["--check", "CI: fail (exit 1) when a capability-shaped class is not in the baseline, or the scan is incomplete"],
    [
      "--update-baseline",
      "rewrite the ratchet baseline (.capkit/baseline.json) from this scan; commit it (refused in CI)",
    ],
    ["--force", "with --update-baseline: write it even from an incomplete or empty scan"],
  ],
  exit: "0 ok; 1 ratchet worse, no baseline or scan incomplete (with --check); 2 usage, config or unreadable root",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("inventory", argv, OPTIONS, USAGE);
    if (positionals.length > 1)
      throw new UsageError(`takes one root, got ${positionals.length}: ${positionals.join(" ")}`, {
        hint: `usage: ${USAGE}`,
      });
    const reporter = values.json ? "json" : (values.reporter ?? "table");
    if (!isReporterName(reporter))
      throw new UsageError(`unknown reporter "${reporter}"`, { hint: `one of ${REPORTER_NAMES.join(", ")}` });
    if (values.json && values.reporter && values.reporter !== "json")
      throw new UsageError("--json conflicts with --reporter " + values.reporter, { hint: "pass one of them" });
    if (values.check && values["update-baseline"])
      throw new UsageError("--check and --update-baseline are exclusive", {
        hint: "CI runs --check; people run --update-baseline",
      });
    if (values.force && !values["update-baseline"])
      throw new UsageError("--force only goes with --update-baseline", { hint: `usage: ${USAGE}` });
    const inCi = isCi(io.env);
    if (values["update-baseline"] && inCi) {
      throw new UsageError("refusing to rewrite the baseline in CI (CI is set)", {
        hint: "run `capkit inventory --update-baseline` locally and commit .capkit/baseline.json",
      });
    }
    const root = commandRoot(io, "inventory", positionals[0]);
    assertReadableRoot(root);
    assertNoInterruptedMigrate(root);
    const { config } = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    const onProgress = progressPrinter(io);
    // In CI every checkout gives files new mtimes: the stat cache would only cost there.
    const scanOptions = { config, cache: true, statCache: !inCi };
    const inventory = await scanInventory(root, onProgress ? { ...scanOptions, onProgress } : scanOptions);
    const baselineFile = config.ratchet.baseline;
    if (inventory.scannedFiles === 0 && inventory.problems.length === 0) {
      // Almost always the wrong folder or a layout other than packages/: say so, and never let an
      // empty scan pass a ratchet check.
      const scope = `no file under ${root} matches scan.include (${config.scan.include.join(", ")})`;
      const hint =
        'run it at the repository root, or set "scan": { "include": ["src/**/*.ts"] } (your layout) in capkit.config.json';
      if (values.check) throw new UsageError(`nothing to check: ${scope}`, { hint });
      // A baseline of 0 from an empty scan would be committed, then fail every later --check.
      if (values["update-baseline"] && !values.force)
        throw new UsageError(`refusing to write ${baselineFile} from an empty scan: ${scope}`, {
          hint: `${hint}; or pass --force to write it anyway`,
        });
      io.stderr(`capkit inventory: warning: ${scope}\n  hint: ${hint}\n`);
    }
    refuseMissingBase(root, config.base, inventory, values, io);
    let ratchet: RatchetOutcome | undefined;
    if (values.check || values["update-baseline"]) {
      // Only a ratchet run loads the ratchet (a plain run, warm or cold, never needs it).
      const { baselineChange, checkRatchet, readBaseline, writeBaseline } =
        await import("../../inventory/ratchet/index.js");
      if (values.check) {
        ratchet = checkRatchet(inventory, readBaseline(root, baselineFile), {
          kinds: config.ratchet.kinds,
          baselineFile,
        });
      } else {
        refuseIncompleteBaseline(inventory, baselineFile, values.force ?? false, io);
        const previous = previousBaseline(() => readBaseline(root, baselineFile));
        const change = baselineChange(inventory, previous, config.ratchet.kinds);
        const written = writeBaseline(root, baselineFile, inventory);
        ratchet = checkRatchet(inventory, written, { kinds: config.ratchet.kinds, baselineFile });
        io.stderr(
          `capkit inventory: wrote ${baselineFile} (capability-shaped ${inventory.counters.capabilityShaped}); commit it\n${changeLines(change)}`,
        );
      }
    }
    saveResultOrNote(io, "inventory", root, "inventory", inventory);
    if (ratchet) saveResultOrNote(io, "inventory", root, "ratchet", ratchet);
    for (const p of inventory.problems)
      if (reporter !== "json" && reporter !== "github") io.stderr(`${p.file}:${p.line}:${p.column}: ${p.message}\n`);
    const color = reporter === "table" && colorEnabled(io.env, io.stdoutIsTTY);
    const render = await loadReporter(reporter, color);
    const rendered = render(ratchet ? { inventory, ratchet } : { inventory }, { color });
    io.stdout(rendered.output);
    return rendered.exitCode;
  },
};
