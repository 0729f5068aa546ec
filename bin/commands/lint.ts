/**
 * `capkit lint [root] [--json] [--cycles] [--config FILE] [--update-baseline]`: the seam rules
 * over every TypeScript file under root with no ESLint setup (rules/engine/lint-engine.ts).
 * Prints `file:line  rule  message` (or one JSON document), saves .capkit/results/lint.json.
 * `--cycles` also reports synchronous import cycles outside seams and lists every cycle.
 * Exit: 0 clean (baselined violations allowed); 1 new violations; 2 usage or config error,
 * including a seam that matches no file unless the config marks it `allowEmpty`.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { loadConfig } from "../../lib/config/index.js";
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { ConfigError, EnvironmentError, UsageError } from "../../lib/errors.js";
import type { SavedLint } from "../../lib/saved-results.js";
import { unscannedCount, unscannedPaths, unscannedTotal } from "../../lib/unscanned.js";
import {
  formatCycle,
  runLint,
  unexpectedlyEmptySeams,
  updateLintBaseline,
  type LintResult,
} from "../../rules/engine/index.js";
import {
  assertNoInterruptedMigrate,
  isCi,
  parseCommandArgs,
  saveResultOrNote,
  type CommandModule,
} from "../command.js";
import { commandRoot } from "../root.js";

const USAGE = "capkit lint [root] [--json] [--cycles] [--config FILE] [--update-baseline [--force]]";
const OPTIONS = {
  json: { type: "boolean" },
  cycles: { type: "boolean" },
  config: { type: "string" },
  "update-baseline": { type: "boolean" },
  force: { type: "boolean" },
} as const;

/** The JSON document (and `results/lint.json`): the contract's `violations` plus counts; with `--cycles`, every import cycle. */
export function lintJson(result: LintResult, withCycles = false) {
  return {
    root: result.root,
    violations: result.violations.map(({ rule, file, line, message }) => ({ rule, file, line, message })),
    baselined: result.baselined.length,
    files: result.files,
    seams: result.seams,
    cycles: result.cycles,
    asyncCycles: result.asyncCycles,
    importCycles: result.importCycles.length,
    asyncImportCycles: result.importCycles.filter((c) => c.async).length,
    ...(withCycles ? { allCycles: result.importCycles.map(({ files, line, async }) => ({ files, line, async })) } : {}),
    unreadable: result.unreadable,
    syntaxErrors: result.syntaxErrors,
    incomplete: result.unreadable.length > 0 || result.syntaxErrors.length > 0,
  } satisfies SavedLint;
}

/** A seam that matches nothing guards nothing: a config error unless it says `allowEmpty`. */
function failOnEmptySeams(
  config: SeamConfig,
  unmatched: readonly string[],
  root: string,
  configFile: string | undefined,
): void {
  const empty = unexpectedlyEmptySeams(config, unmatched);
  if (empty.length === 0) return;
  const list = empty.map((s) => `${s.name} (from: ${s.from.join(", ")}; to: ${s.to.join(", ")})`).join("; ");
  throw new ConfigError(`seam ${list} matches no file under ${root}, so it guards nothing`, {
    file: configFile ?? "capkit.config.json",
    hint: 'point "seam": { "tools": [...], "capabilities": [...] } (or that entry of "seams") at your layout, or set "allowEmpty": true on a seam that is empty on purpose',
  });
}

function renderText(result: LintResult, withCycles: boolean): string {
  const lines = result.violations.map((v) => `${v.file}:${v.line}  ${v.rule}  ${v.message}`);
  for (const e of result.syntaxErrors)
    lines.push(`${e.file}:${e.line}  syntax error  ${e.message} (its imports could not be checked reliably)`);
  const count = result.violations.length;
  const known = result.baselined.length ? ` (${result.baselined.length} more accepted by the baseline)` : "";
  const cycles = `${result.cycles} seam cycle${result.cycles === 1 ? "" : "s"}${result.asyncCycles ? ` (${result.asyncCycles} async)` : ""}`;
  const all = result.importCycles.length;
  const asyncAll = result.importCycles.filter((c) => c.async).length;
  const importCycles = `${all} import cycle${all === 1 ? "" : "s"} in all (${asyncAll} async${withCycles ? "" : "; list them with --cycles"})`;
  if (withCycles)
    for (const c of result.importCycles)
      lines.push(`cycle${c.async ? ` [async: ${c.async.file}:${c.async.line}]` : ""}: ${formatCycle(c.files)}`);
  // An incomplete lint never opens with a bare "no violations": it says first what it is.
  const scope = result.unreadable.length ? `incomplete (see below): in the ${result.files} files it could read, ` : "";
  lines.push(
    `capkit lint: ${scope}${count === 0 ? "no" : count} violation${count === 1 ? "" : "s"}${known}${result.syntaxErrors.length ? `, ${result.syntaxErrors.length} file${result.syntaxErrors.length === 1 ? "" : "s"} with a syntax error` : ""}${scope ? "" : ` in ${result.files} files`}; seams: ${result.seams.join(", ") || "none"}; ${cycles}; ${importCycles}`,
  );
  if (count > 0)
    lines.push(
      "  hint: fix the import direction, or accept the current set with `capkit lint --update-baseline` and commit .capkit/lint-baseline.json",
    );
  if (result.unreadable.length) {
    const missed = unscannedPaths(result.unreadable);
    const one = unscannedTotal(missed) === 1;
    lines.push(
      `capkit lint: incomplete: ${unscannedCount(missed)} could not be read, so ${one ? "its" : "their"} imports were not checked:`,
    );
    for (const u of result.unreadable) lines.push(`  ${u.file}  ${u.message}`);
    // A tsconfig that is not valid JSON is fixed, not made readable.
    const fix = result.unreadable.some(
      (u) => u.message.endsWith("fix the file") || u.message.includes("fix the extends"),
    );
    lines.push(
      fix
        ? "  hint: fix each file as its line says, make the others readable to this user (or add them to seam.ignore in capkit.config.json), and run capkit lint again"
        : "  hint: make them readable to this user (or add them to seam.ignore in capkit.config.json) and run capkit lint again",
    );
  }
  return `${lines.join("\n")}\n`;
}

export const command: CommandModule = {
  summary:
    "seam lint: import direction, cycles across the seam, async import cycles anywhere (--cycles: every cycle), spec purity, categories",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    ["--json", "print the result as one JSON document"],
    ["--cycles", "list every import cycle, not only the count"],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
    ["--update-baseline", "accept the current violations into .capkit/lint-baseline.json; commit it"],
    ["--force", "with --update-baseline: write it even when files could not be read or parsed"],
  ],
  exit: "0 no violations beyond the baseline; 1 a violation, or files that could not be read or parsed; 2 usage or config error",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("lint", argv, OPTIONS, USAGE);
    if (positionals.length > 1)
      throw new UsageError(`capkit lint takes one root, got ${positionals.length}: ${positionals.join(" ")}`, {
        hint: `usage: ${USAGE}`,
      });
    const root = commandRoot(io, "lint", positionals[0]);
    if (!existsSync(root) || !statSync(root).isDirectory())
      throw new EnvironmentError(`root is not a directory: ${root}`, {
        hint: "pass the repository root, e.g. `capkit lint .`",
      });
    assertNoInterruptedMigrate(root);
    const loaded = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    const config = loaded.config.seam;
    const cycles = values.cycles === true;
    if (values["update-baseline"]) {
      if (isCi(io.env)) {
        throw new UsageError("refusing to rewrite the lint baseline in CI (CI is set)", {
          hint: "run `capkit lint --update-baseline` locally and commit .capkit/lint-baseline.json",
        });
      }
      const beforeWrite = (unmatched: readonly string[]) =>
        failOnEmptySeams(config, unmatched, root, loaded.path ?? undefined);
      const { path, count } = await updateLintBaseline(root, {
        config,
        cycles,
        beforeWrite,
        force: values.force ?? false,
      });
      io.stdout(
        values.json
          ? `${JSON.stringify({ baseline: path, violations: count })}\n`
          : `capkit lint: wrote ${count} known violation(s) to ${path}\n`,
      );
      return 0;
    }
    const result = await runLint(root, { config, cycles });
    // With folders unread, a seam may match only files the lint could not see: report the
    // incomplete lint (exit 1) instead of blaming the config.
    if (!result.unreadable.length) failOnEmptySeams(config, result.unmatchedSeams, root, loaded.path ?? undefined);
    saveResultOrNote(io, "lint", root, "lint", lintJson(result, cycles));
    io.stdout(values.json ? `${JSON.stringify(lintJson(result, cycles), null, 2)}\n` : renderText(result, cycles));
    return result.violations.length > 0 || result.unreadable.length > 0 || result.syntaxErrors.length > 0 ? 1 : 0;
  },
};
