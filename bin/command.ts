/**
 * The shape every CLI command module exports, and the I/O it is handed. Commands are the only
 * code that writes to stdout/stderr; they return an exit code instead of calling
 * process.exit, so tests can drive them in-process.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../lib/errors.js";

export interface CliIO {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is an interactive terminal (progress indicators go there). */
  readonly stderrIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
}

export interface CommandModule {
  readonly summary: string;
  readonly usage: string;
  run(argv: string[], io: CliIO): Promise<number>;
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
    throw new UsageError(message, { hint: `usage: ${usage}` });
  }
}
