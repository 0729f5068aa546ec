/**
 * The shape every CLI command module exports, and the I/O it is handed. Commands are the only
 * code that writes to stdout/stderr; they return an exit code instead of calling
 * process.exit, so tests can drive them in-process.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { interruptedMigrateError } from "../codemods/runner/journal.js";
import { didYouMean } from "../lib/did-you-mean.js";
import { UsageError } from "../lib/errors.js";
import { trySaveResult, type ResultJob } from "../lib/results-store.js";

export type StopSignal = "SIGINT" | "SIGTERM";

/** Where signals come from: the process, or a test's emitter. */
export interface SignalSource {
  on(event: StopSignal, listener: () => void): unknown;
  off(event: StopSignal, listener: () => void): unknown;
}

export interface CliIO {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is an interactive terminal (progress indicators go there). */
  readonly stderrIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  /** Where SIGINT/SIGTERM come from (default: the process); tests pass an emitter. */
  readonly signals?: SignalSource;
}

export interface CommandModule {
  readonly summary: string;
  readonly usage: string;
  /** Each flag (as the usage writes it) and what it does, for `--help`: an installed package has no sources to read. */
  readonly flags?: readonly (readonly [flag: string, what: string])[];
  /** The command's exit codes, one line, for `--help`. */
  readonly exit?: string;
  run(argv: string[], io: CliIO): Promise<number>;
}

/** `capkit <command> --help`: the summary, the usage, each flag with what it does, the exit codes. */
export function commandHelp(mod: CommandModule): string {
  const lines = [mod.summary, "", `usage: ${mod.usage}`];
  const flags = mod.flags ?? [];
  if (flags.length) {
    const width = Math.max(...flags.map(([f]) => f.length));
    lines.push("", "flags:", ...flags.map(([f, what]) => `  ${f.padEnd(width)}  ${what}`));
  }
  if (mod.exit) lines.push("", `exit: ${mod.exit}`);
  return `${lines.join("\n")}\n`;
}

/** Is this a CI run? `CI` set to anything but "", "false" or "0" (the convention CI services follow). */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env["CI"]) && env["CI"] !== "false" && env["CI"] !== "0";
}

type Options = NonNullable<ParseArgsConfig["options"]>;
/** Named so the declaration build can write the return type out. */
export type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/** util.parseArgs in strict mode, with unknown flags turned into a UsageError (exit 2). */
export function parseCommandArgs<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  usage: string,
): ParsedCommandArgs<O> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node's own text for a mistyped flag is advice about positionals; name the flag instead,
    // and the one it resembles.
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (unknown) {
      const flags = Object.keys(options).map((name) => "--" + name);
      throw new UsageError(`unknown flag ${unknown}`, {
        hint: `${didYouMean(unknown, flags)}usage: ${usage}`,
      });
    }
    throw new UsageError(message, { hint: `usage: ${usage}` });
  }
}

/**
 * Refuses to run on a tree an interrupted (or running) `capkit migrate` left half-applied: the
 * error names `capkit migrate --rollback-journal` / `--discard-journal`.
 */
export function assertNoInterruptedMigrate(root: string): void {
  const error = interruptedMigrateError(root);
  if (error) throw error;
}

/** Saves a result for the dashboard; on a read-only checkout, skips it with a note on stderr. */
export function saveResultOrNote(io: CliIO, command: string, root: string, job: ResultJob, data: unknown): void {
  const r = trySaveResult(root, job, data);
  if ("skipped" in r)
    io.stderr(
      `capkit ${command}: note: could not save ${r.skipped}; the result is only printed (the dashboard will not see this run)\n`,
    );
}
