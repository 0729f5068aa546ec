/** Test helper: runs a `capkit` command in-process and returns its exit code and output. */
import { main } from "../capkit.js";
import type { CliIO } from "../command.js";

export interface RunOptions {
  readonly cwd?: string;
  /** The environment the command sees; default empty (no CI, no colour). */
  readonly env?: NodeJS.ProcessEnv;
  /** Whether stderr is a terminal (progress lines go there only then). */
  readonly stderrIsTTY?: boolean;
}

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCapkit(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stderrIsTTY: options.stderrIsTTY ?? false,
    stdoutIsTTY: false,
  };
  const code = await main([...argv], io);
  return { code, stdout, stderr };
}
