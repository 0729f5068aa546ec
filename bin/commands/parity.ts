/**
 * `capkit parity [root] [--json] [--mutants] [--record] [--config FILE]`: before migration,
 * `--record` runs the old Tool classes on recorded cases and writes the recording (commit it);
 * after migration, the four checks (drift, category snapshot, gate parity through the sandbox,
 * behaviour replay) run against the migrated registry, plus the mutation self-check with
 * `--mutants`. Saves the result (.capkit/results/parity.json). Exit: 0 ok; 1 a check failed or
 * a mutant survived; 2 usage or configuration error.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { loadConfig } from "../../lib/config/index.js";
import { UsageError } from "../../lib/errors.js";
import { recordParityAt, recordingSummary, renderParityText, runParity } from "../../parity/index.js";
import { assertNoInterruptedMigrate, parseCommandArgs, saveResultOrNote, type CommandModule } from "../command.js";
import { commandRoot } from "../root.js";
import { progressLine } from "../progress-line.js";

const USAGE = "capkit parity [root] [--json] [--mutants] [--record [--force]] [--config FILE]";

const OPTIONS = {
  json: { type: "boolean" },
  mutants: { type: "boolean" },
  record: { type: "boolean" },
  force: { type: "boolean" },
  config: { type: "string" },
} as const;

export const command: CommandModule = {
  summary: "prove a migrated registry behaves like the Tool classes it replaced",
  usage: USAGE,
  flags: [
    [
      "[root]",
      "the repository (default: the nearest folder up with capkit.config.json or .capkit/ state, else this one)",
    ],
    ["--json", "print the result as one JSON document"],
    ["--mutants", "also run the mutation self-check (broken gates and dispatchers must be caught)"],
    ["--record", "before migrating: run the old Tool classes and write .capkit/parity-recording.json; commit it"],
    [
      "--force",
      "with --record: replace a committed recording even after migration started (the old one is kept under .capkit/results/)",
    ],
    [
      "--config FILE",
      "the config file (default <root>/capkit.config.json; capkit config --defaults lists every field)",
    ],
  ],
  exit: "0 every check passed; 1 a check failed or a mutant survived; 2 usage or config error",
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs("parity", argv, OPTIONS, USAGE);
    if (positionals.length > 1)
      throw new UsageError(`takes one root, got ${positionals.length}: ${positionals.join(" ")}`, {
        hint: `usage: ${USAGE}`,
      });
    if (values.force && !values.record)
      throw new UsageError("--force only goes with --record", { hint: `usage: ${USAGE}` });
    if (values.record && values.mutants)
      throw new UsageError("--record and --mutants are exclusive", {
        hint: "record before migrating; run --mutants after",
      });
    const root = commandRoot(io, "parity", positionals[0]);
    if (!existsSync(root) || !statSync(root).isDirectory())
      throw new UsageError(`root is not a directory: ${root}`, { hint: `usage: ${USAGE}` });
    assertNoInterruptedMigrate(root);
    const { config } = loadConfig(root, values.config ? resolve(io.cwd, values.config) : undefined);
    const line = progressLine(io, !values.json);

    if (values.record) {
      const { file, recording, warnings, migrated, replaced } = await recordParityAt(root, {
        config,
        force: values.force ?? false,
      });
      for (const w of warnings) io.stderr(`capkit parity --record: warning: ${w}\n`);
      const summary = recordingSummary(recording);
      const rel = relative(root, file);
      const previous = replaced && relative(root, replaced);
      if (previous)
        io.stderr(
          `capkit parity --record: replaced ${rel}; the previous recording is kept at ${previous} (restore it with cp ${previous} ${rel}, or git checkout -- ${rel} if it was committed)\n`,
        );
      if (values.json)
        io.stdout(
          `${JSON.stringify({ root, recording: rel, ...(previous ? { replaced: previous } : {}), ...summary }, null, 2)}\n`,
        );
      else {
        // Forced over a migrated tree, the file is not the pre-migration recording: never say "commit it" then.
        const what = migrated.length
          ? `; ${migrated.length} of them from the migrated code, not the old classes (see the warning)`
          : "; commit it";
        io.stdout(
          `capkit parity --record: ${summary.cases} cases of ${summary.capabilities} capabilities written to ${rel}${what}\n`,
        );
        if (summary.unrecorded.length)
          io.stdout(`  not constructed by the belt builders (not recorded): ${summary.unrecorded.join(", ")}\n`);
      }
      return summary.capabilities > 0 ? 0 : 1;
    }

    const onProgress = line && ((e: { phase: string }) => line.show(`capkit parity: ${e.phase}…`));
    const result = await runParity(root, {
      config,
      mutants: values.mutants === true,
      ...(onProgress ? { onProgress } : {}),
    });
    line?.clear();
    saveResultOrNote(io, "parity", root, "parity", result);
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderParityText(result));
    return result.ok ? 0 : 1;
  },
};
