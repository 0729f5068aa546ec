/**
 * `capkit lint [root] [--json] [--config FILE] [--update-baseline]`: the seam rules over every
 * TypeScript file under root with no ESLint setup (rules/engine/lint-engine.ts). Prints
 * `file:line  rule  message` (or one JSON document), saves .capkit/results/lint.json.
 * Exit: 0 clean (baselined violations allowed); 1 new violations; 2 usage or config error.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { loadConfig } from "../../lib/config/index.js";
import { EnvironmentError, UsageError } from "../../lib/errors.js";
import { runLint, updateLintBaseline, type LintResult } from "../../rules/engine/lint-engine.js";
import { assertNoInterruptedMigrate, isCi, parseCommandArgs, saveResultOrNote, type CommandModule } from "../command.js";

const USAGE = "capkit lint [root] [--json] [--config FILE] [--update-baseline [--force]]";
const OPTIONS = { json: { type: "boolean" }, config: { type: "string" }, "update-baseline": { type: "boolean" }, force: { type: "boolean" } } as const;

/** The JSON document: the contract's `violations` plus counts. */
export function lintJson(result: LintResult) {
  return {
    root: result.root,
    violations: result.violations.map(({ rule, file, line, message }) => ({ rule, file, line, message })),
    baselined: result.baselined.length,
    files: result.files,
    seams: result.seams,
    cycles: result.cycles,
    asyncCycles: result.asyncCycles,
    unreadable: result.unreadable,
    syntaxErrors: result.syntaxErrors,
    incomplete: result.unreadable.length > 0 || result.syntaxErrors.length > 0,
  };
}

function renderText(result: LintResult): string {
  const lines = result.violations.map((v) => `${v.file}:${v.line}  ${v.rule}  ${v.message}`);
  for (const e of result.syntaxErrors) lines.push(`${e.file}:${e.line}  syntax error  ${e.message} (its imports could not be checked reliably)`);
  const count = result.violations.length;
  const known = result.baselined.length ? ` (${result.baselined.length} more accepted by the baseline)` : "";
  const cycles = `${result.cycles} seam cycle${result.cycles === 1 ? "" : "s"}${result.asyncCycles ? ` (${result.asyncCycles} async)` : ""}`;
  lines.push(
    `capkit lint: ${count === 0 ? "no" : count} violation${count === 1 ? "" : "s"}${known}${result.syntaxErrors.length ? `, ${result.syntaxErrors.length} file${result.syntaxErrors.length === 1 ? "" : "s"} with a syntax error` : ""} in ${result.files} files; seams: ${result.seams.join(", ") || "none"}; ${cycles}`,
  );
  if (count > 0) lines.push("  hint: fix the import direction, or accept the current set with `capkit lint --update-baseline` and commit .capkit/lint-baseline.json");
  if (result.unreadable.length) {
    const n = new Set(result.unreadable.map((u) => u.file)).size;
    lines.push(`capkit lint: incomplete: ${n} path${n === 1 ? "" : "s"} could not be read, so their imports were not checked:`);
    for (const u of result.unreadable) lines.push(`  ${u.file}  ${u.message}`);
    lines.push("  hint: make them readable to this user (or add them to seam.ignore in capkit.config.json) and run capkit lint again");
  }
  return `${lines.join("\n")}\n`;
}

export const command: CommandModule = {
  summary: "seam lint: import direction, cycles across the seam (async-aware), spec purity, categories",
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("lint", argv, OPTIONS, USAGE);
    if (positionals.length > 1) throw new UsageError(`capkit lint takes one root, got ${positionals.length}: ${positionals.join(" ")}`, { hint: `usage: ${USAGE}` });
    const root = resolve(io.cwd, positionals[0] ?? ".");
    if (!existsSync(root) || !statSync(root).isDirectory()) throw new EnvironmentError(`root is not a directory: ${root}`, { hint: "pass the repository root, e.g. `capkit lint .`" });
    assertNoInterruptedMigrate(root);
    const config = loadConfig(root, values.config).config.seam;
    if (values["update-baseline"]) {
      if (isCi(io.env)) {
        throw new UsageError("refusing to rewrite the lint baseline in CI (CI is set)", { hint: "run `capkit lint --update-baseline` locally and commit .capkit/lint-baseline.json" });
      }
      const { path, count } = await updateLintBaseline(root, { config, force: values.force ?? false });
      io.stdout(values.json ? `${JSON.stringify({ baseline: path, violations: count })}\n` : `capkit lint: wrote ${count} known violation(s) to ${path}\n`);
      return 0;
    }
    const result = await runLint(root, { config });
    for (const name of result.unmatchedSeams) {
      const seam = config.seams.find((s) => s.name === name);
      io.stderr(`capkit lint: warning: seam ${name} matches no file under ${root} (from: ${seam?.from.join(", ")}; to: ${seam?.to.join(", ")})\n  hint: set "seam": { "tools": [...], "capabilities": [...] } in capkit.config.json to your layout\n`);
    }
    saveResultOrNote(io, "lint", root, "lint", lintJson(result));
    io.stdout(values.json ? `${JSON.stringify(lintJson(result), null, 2)}\n` : renderText(result));
    return result.violations.length > 0 || result.unreadable.length > 0 || result.syntaxErrors.length > 0 ? 1 : 0;
  },
};
