/**
 * Ctrl-C and SIGTERM for `capkit migrate`: while the run is on, the first signal aborts the
 * engine's AbortSignal (the engine stops between atomic steps: codemods/runner/interrupt.ts)
 * instead of killing the process mid-step; what the tree then holds is said here, with the
 * command that resumes, and the exit code is the shell's for that signal (130 for SIGINT).
 */
import type { InterruptedState } from "../codemods/runner/index.js";
import type { CliIO, SignalSource, StopSignal } from "./command.js";

const SIGNALS: readonly StopSignal[] = ["SIGINT", "SIGTERM"];

/** 128 + the signal's number, as a shell reports a process it stopped. */
export function signalExitCode(signal: string): number {
  return signal === "SIGTERM" ? 143 : 130;
}

/** Runs `work` with the signals turned into an AbortSignal; the handlers are gone when it settles. */
export async function withInterrupts<T>(
  io: CliIO,
  source: SignalSource,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const listeners = SIGNALS.map((name) => {
    const listener = () => {
      if (controller.signal.aborted) {
        io.stderr(`capkit migrate: ${name} again: still finishing the step in progress; it stops right after\n`);
        return;
      }
      controller.abort(name);
      io.stderr(
        `capkit migrate: ${name}: finishing the step in progress, then stopping (no file is left half-written)\n`,
      );
    };
    source.on(name, listener);
    return [name, listener] as const;
  });
  try {
    return await work(controller.signal);
  } finally {
    for (const [name, listener] of listeners) source.off(name, listener);
  }
}

const list = (items: readonly string[]) => items.join(", ");

/** What an interrupted run leaves, and the command that goes on from there. */
export function interruptedText(state: InterruptedState, commit: boolean): string {
  const lines = [`capkit migrate: stopped on ${state.signal}; the lock is released.`];
  if (state.rolledBack.length)
    lines.push(`  rolled back: ${list(state.rolledBack)} (the signal came before its type check)`);
  if (state.applied.length === 0) lines.push("  nothing was changed: the tree is as it was before this run");
  else
    lines.push(
      `  applied and kept: ${list(state.applied)}${commit ? ` (committed: ${list(state.commits.map((c) => c.slice(0, 8)))})` : " (not committed; review it with git diff)"}`,
    );
  if (state.remaining.length) {
    lines.push(`  not migrated: ${list(state.remaining)}`);
    lines.push(
      `  to go on: capkit migrate ${state.remaining.map((ns) => `--namespace ${ns}`).join(" ")}${commit ? " --commit" : ""}`,
    );
  }
  if (state.applied.length)
    lines.push(
      commit
        ? `  to undo what was applied: git revert the commit${state.commits.length === 1 ? "" : "s"} above`
        : "  to undo what was applied: discard its changes with git (git restore, git clean) before going on",
    );
  return `${lines.join("\n")}\n`;
}
