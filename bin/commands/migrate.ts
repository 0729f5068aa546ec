/**
 * `capkit migrate [root] --namespace NS … | --all [--dry-run] [--json] [--allow-dirty] [--no-git]
 * [--typecheck] [--keep-shims] [--commit] [--ignore-size-limit] [--config FILE]`: parses flags, runs the migrate engine
 * (codemods/runner/), saves the result (.capkit/results/migrate.json) and renders it. Exit 1
 * when any class was refused or the apply was rolled back, 2 on usage/config/environment errors.
 * `capkit migrate [root] --rollback-journal [--force] | --discard-journal` answers an interrupted
 * migrate explicitly (codemods/runner/recover.ts).
 */
import { resolve } from "node:path";
import { loadConfig } from "../../lib/config/index.js";
import { UsageError } from "../../lib/errors.js";
import { addTo } from "../../lib/multimap.js";
import { loadResult } from "../../lib/results-store.js";
import {
  mergeSavedMigrate,
  MigrateInterruptedError,
  resolveJournal,
  runMigration,
  type JournalActionResult,
  type MigrateOptions,
  type MigrateProgress,
  type MigrateResult,
  type SavedMigrate,
} from "../../codemods/runner/index.js";
import { parseCommandArgs, saveResultOrNote, type CliIO, type CommandModule } from "../command.js";
import { commandRoot } from "../root.js";
import { interruptedText, signalExitCode, withInterrupts } from "../interrupts.js";
import { progressLine } from "../progress-line.js";

const USAGE =
  "capkit migrate [root] --namespace NS [--namespace NS2 ...] | --all [--dry-run] [--json] [--allow-dirty] [--no-git] [--typecheck] [--keep-shims] [--commit] [--ignore-size-limit] [--config FILE]\n       capkit migrate [root] --rollback-journal [--force] | --discard-journal";

/** The --json document: the contract (docs/architecture.md) first, detail after. */
export function migrateJson(r: MigrateResult): SavedMigrate {
  return {
    namespaces: r.namespaces.map((n) => ({
      namespace: n.namespace,
      converted: n.converted,
      refused: n.refused.map((x) => ({
        class: x.class,
        file: x.file,
        line: x.line,
        code: x.code,
        reason: x.reason,
        fix: x.fix,
      })),
      filesWritten: n.filesWritten,
      runFields: n.runFields,
      skipped: n.skipped,
      warnings: n.warnings,
    })),
    callSitesRewritten: r.callSitesRewritten,
    callSiteFiles: r.callSiteFiles,
    dryRun: r.dryRun,
    applied: r.applied,
    ...(r.rolledBack ? { rolledBack: r.rolledBack } : {}),
    ...(r.typecheck ? { typecheck: r.typecheck } : {}),
    recoveredInterruptedApply: r.recoveredInterruptedApply,
    commits: r.commits,
    ...(r.danglingLinks.length && !r.rolledBack ? { danglingLinks: r.danglingLinks } : {}),
  };
}

/** Refusals grouped by code, codes in order of first appearance. */
function groupByCode<T extends { readonly code: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of items) addTo(out, x.code, x);
  return out;
}

function renderText(r: MigrateResult): string {
  const lines: string[] = [];
  // A recovered journal is announced once, by the engine's notice on stderr (with its pid and files).
  for (const n of r.namespaces) {
    lines.push(
      `${n.namespace}: ${n.converted.length} converted, ${n.refused.length} refused, ${n.filesWritten.length} files`,
    );
    for (const w of n.converted) lines.push(`  ✓ ${w}`);
    for (const [code, group] of groupByCode(n.refused)) {
      lines.push(`  ✗ ${code} (${group.length})`);
      for (const x of group) lines.push(`      ${x.class} (${x.file}:${x.line}): ${x.reason}`);
    }
    for (const f of n.runFields)
      lines.push(
        `  + run field ${f.field}${f.type ? `: ${f.type}` : ""}${f.required ? " (required)" : ""} — put it on the CapabilityRun for ${f.capabilities.join(", ")}`,
      );
    for (const w of n.warnings) lines.push(`  ! ${w}`);
  }
  if (!r.rolledBack)
    for (const d of r.danglingLinks)
      lines.push(
        `! ${d.link} is a symbolic link to ${d.real}, which this migrate ${r.dryRun ? "would delete" : "deleted"}: it ${r.dryRun ? "would point" : "now points"} at nothing; remove it (git rm ${d.link}) or point it at the file that replaces ${d.real}`,
      );
  lines.push(`call sites rewritten: ${r.callSitesRewritten}`);
  if (r.typecheck) lines.push(`type check: ${r.typecheck.before} errors before, ${r.typecheck.after} after`);
  if (r.rolledBack)
    lines.push(`ROLLED BACK: ${r.rolledBack}`, ...(r.typecheck?.newErrors ?? []).slice(0, 20).map((e) => `  ${e}`));
  else if (r.dryRun) lines.push(`dry run: ${r.filesWritten.length} files would change; nothing was written`);
  else lines.push(r.applied ? `applied: ${r.filesWritten.length} files written` : "nothing to apply");
  for (const c of r.commits) lines.push(`committed ${c}`);
  return `${lines.join("\n")}\n`;
}

function journalActionText(r: JournalActionResult): string {
  const from = `the interrupted capkit migrate (pid ${r.interrupted.pid}, started ${r.interrupted.startedAt})`;
  if (r.action === "discard")
    return `discarded the journal of ${from}; its ${r.files.length} files are left as they are now: review them with git status / git diff\n`;
  return `rolled back ${from}: ${r.restored.length} file${r.restored.length === 1 ? "" : "s"} restored${r.restored.map((p) => `\n  ${p}`).join("")}\n`;
}

function runJournalAction(
  root: string,
  action: "rollback" | "discard",
  force: boolean,
  json: boolean,
  io: CliIO,
): number {
  const r = resolveJournal(root, action, { force });
  io.stdout(json ? `${JSON.stringify(r, null, 2)}\n` : journalActionText(r));
  return 0;
}

function progressText(e: MigrateProgress): string {
  return `migrate: ${e.phase}${e.namespace ? ` ${e.namespace}` : ""} ${e.total ? `${e.done}/${e.total}` : ""}`;
}

export const command: CommandModule = {
  summary: "move Tool classes into capability modules, namespace by namespace, atomically",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    ["--namespace NS", "migrate this namespace (repeatable); capkit inventory proposes them"],
    ["--all", "migrate every namespace"],
    ["--dry-run", 'print the diff, write nothing (with --json, the diff is in "diff")'],
    ["--json", "print the result as one JSON document"],
    [
      "--allow-dirty",
      "run on a tree with uncommitted changes (kept in the files migrate rewrites; git diff then mixes them)",
    ],
    ["--no-git", "run outside a git repository (no clean-tree check)"],
    ["--typecheck", "run tsc before and after; roll the apply back if it adds type errors"],
    ["--keep-shims", "leave a @deprecated thin subclass in place of each converted class"],
    ["--commit", "commit each namespace separately (git)"],
    [
      "--ignore-size-limit",
      "try a namespace whose class files look too large for the heap (refused up front otherwise)",
    ],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
    ["--rollback-journal", "put back the files an interrupted migrate changed (refuses if they changed since)"],
    ["--force", "with --rollback-journal: overwrite files changed since the interrupted run"],
    ["--discard-journal", "keep the tree as the interrupted migrate left it and drop its journal"],
  ],
  exit: "0 ok; 1 a class was refused or the apply rolled back; 2 usage, config or environment error (dirty tree, interrupted migrate)",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(
      "migrate",
      argv,
      {
        namespace: { type: "string", multiple: true },
        all: { type: "boolean" },
        "dry-run": { type: "boolean" },
        json: { type: "boolean" },
        "allow-dirty": { type: "boolean" },
        typecheck: { type: "boolean" },
        "keep-shims": { type: "boolean" },
        commit: { type: "boolean" },
        config: { type: "string" },
        "no-git": { type: "boolean" },
        "rollback-journal": { type: "boolean" },
        "discard-journal": { type: "boolean" },
        force: { type: "boolean" },
        "ignore-size-limit": { type: "boolean" },
      },
      USAGE,
    );
    if (positionals.length > 1)
      throw new UsageError(`expected at most one root, got ${positionals.join(" ")}`, { hint: `usage: ${USAGE}` });
    const namespaces = values.namespace ?? [];
    const journalAction = values["rollback-journal"] ? "rollback" : values["discard-journal"] ? "discard" : null;
    if (values["rollback-journal"] && values["discard-journal"])
      throw new UsageError("--rollback-journal and --discard-journal are exclusive", {
        hint: "roll the interrupted apply back, or keep the tree and drop the journal",
      });
    if (values.force && journalAction !== "rollback")
      throw new UsageError("--force only goes with --rollback-journal", { hint: `usage: ${USAGE}` });
    if (journalAction) {
      if (values.all || namespaces.length)
        throw new UsageError(`--${journalAction}-journal takes no namespaces`, {
          hint: "answer the interrupted migrate first, then run capkit migrate again",
        });
      return runJournalAction(
        commandRoot(io, "migrate", positionals[0]),
        journalAction,
        values.force ?? false,
        values.json ?? false,
        io,
      );
    }
    if (!values.all && namespaces.length === 0)
      throw new UsageError("say which namespaces: --namespace NS (repeatable) or --all", { hint: `usage: ${USAGE}` });
    if (values.all && namespaces.length > 0)
      throw new UsageError("--all and --namespace are exclusive", { hint: `usage: ${USAGE}` });
    const root = commandRoot(io, "migrate", positionals[0]);
    const {
      config,
      path: configFile,
      given,
    } = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    const line = progressLine(io);
    return migrateUntilStopped(io, values.json ?? false, () => line?.clear(), {
      root,
      namespaces: values.all ? "all" : namespaces,
      config,
      configFile,
      capabilitiesDirGiven: given.capabilitiesDir,
      dryRun: values["dry-run"] ?? false,
      allowDirty: values["allow-dirty"] ?? false,
      typecheck: values.typecheck ?? false,
      keepShims: values["keep-shims"] ?? false,
      commit: values.commit ?? false,
      noGit: values["no-git"] ?? false,
      ignoreSizeLimit: values["ignore-size-limit"] ?? false,
      onNotice: (message) => {
        line?.clear();
        io.stderr(`capkit migrate: ${message}\n`);
      },
      onProgress: line && ((e) => line.show(progressText(e))),
    });
  },
};

/**
 * Runs the migration with SIGINT/SIGTERM stopping it between atomic steps (bin/interrupts.ts):
 * a stopped run says what the tree holds and exits 130 (143 for SIGTERM); so does a run whose
 * last step the signal came in, after its normal report.
 */
async function migrateUntilStopped(
  io: CliIO,
  json: boolean,
  clearProgress: () => void,
  options: Omit<MigrateOptions, "signal">,
): Promise<number> {
  let stoppedBy: string | null = null;
  let result: MigrateResult;
  try {
    result = await withInterrupts(io, io.signals ?? process, async (signal) => {
      const r = await runMigration({ ...options, signal });
      if (signal.aborted) stoppedBy = String(signal.reason);
      return r;
    });
  } catch (error) {
    clearProgress();
    if (!(error instanceof MigrateInterruptedError)) throw error;
    io.stderr(interruptedText(error.state, options.commit ?? false));
    return signalExitCode(error.state.signal);
  }
  clearProgress();
  const code = reportMigration(io, options.root, result, json);
  if (stoppedBy === null) return code;
  io.stderr(`capkit migrate: ${stoppedBy} came during the last step, which finished: the run is complete\n`);
  return signalExitCode(stoppedBy);
}

/** Saves an applied run's result, prints it (JSON or text, the diff first on a dry run) and gives the exit code. */
function reportMigration(io: CliIO, root: string, result: MigrateResult, json: boolean): number {
  if (!result.dryRun)
    saveResultOrNote(
      io,
      "migrate",
      root,
      "migrate",
      mergeSavedMigrate(loadResult(root, "migrate"), migrateJson(result)),
    );
  // A dry run's JSON carries the diff the text output shows first: the review a CI step posts.
  if (json)
    io.stdout(
      `${JSON.stringify({ ...migrateJson(result), ...(result.dryRun ? { diff: result.diff ?? "" } : {}) }, null, 2)}\n`,
    );
  else {
    if (result.dryRun && result.diff) io.stdout(result.diff);
    io.stdout(renderText(result));
  }
  const refused = result.namespaces.some((n) => n.refused.length > 0);
  return refused || result.rolledBack ? 1 : 0;
}
