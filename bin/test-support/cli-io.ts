/** An in-memory CliIO for driving `capkit` commands in-process from tests. */
import type { CliIO } from "../command.js";

export interface CapturedIO extends CliIO {
  readonly out: string[];
  readonly err: string[];
}

export interface CaptureOptions {
  /** The environment the command sees; default the test's own with CI unset (a local run). */
  readonly env?: NodeJS.ProcessEnv;
}

export function captureIO(cwd: string, options: CaptureOptions = {}): CapturedIO {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    env: options.env ?? { ...process.env, CI: "" },
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    stderrIsTTY: false,
    stdoutIsTTY: false,
    out,
    err,
  };
}
