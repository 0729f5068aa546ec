/**
 * Runs one Node process for the smoke check and says how it ended: ok (exit 0, or the
 * ready text appeared), deadlock (exit 13: Node's "unsettled top-level await"), timeout,
 * or crash. Output is kept (tail) for the report. Consumed by smoke.ts.
 */
import { spawn } from "node:child_process";

export type RunStatus = "ok" | "deadlock" | "timeout" | "crash";

export interface NodeRun {
  readonly status: RunStatus;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly durationMs: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface NodeRunOptions {
  readonly cwd: string;
  /** The process is killed after this long; Infinity (or past what a timer can hold) is no limit. */
  readonly timeoutMs: number;
  /** When this text appears on stdout the run counts as ok and the process is stopped. */
  readonly ready?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Exit code Node uses when the entry's top-level await never settles. */
export const UNSETTLED_TLA_EXIT = 13;
const KEEP = 8_000;
/** setTimeout fires at once for a delay it cannot hold, so a longer limit sets no timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function tail(text: string): string {
  return text.length > KEEP ? `…${text.slice(-KEEP)}` : text;
}

export function runNode(args: readonly string[], options: NodeRunOptions): Promise<NodeRun> {
  return new Promise((resolveRun) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let sawReady = false;
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const timer =
      options.timeoutMs <= MAX_TIMER_MS
        ? setTimeout(() => {
            timedOut = true;
            stop();
          }, options.timeoutMs)
        : undefined;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (options.ready && !sawReady && stdout.includes(options.ready)) {
        sawReady = true;
        stop();
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    let done = false;
    const finish = (exitCode: number | null, signal: string | null, spawnError?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      let status: RunStatus;
      if (sawReady) status = "ok";
      else if (timedOut) status = "timeout";
      else if (exitCode === UNSETTLED_TLA_EXIT) status = "deadlock";
      else if (exitCode === 0) status = "ok";
      else status = "crash";
      if (spawnError) stderr += `\n${spawnError.message}`;
      resolveRun({
        status,
        exitCode,
        signal,
        durationMs: Date.now() - started,
        stdout: tail(stdout),
        stderr: tail(stderr),
      });
    };
    child.on("error", (error) => finish(null, null, error));
    child.on("close", (code, signal) => finish(code, signal));
  });
}
