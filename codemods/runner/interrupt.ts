/**
 * Stopping migrate on a signal (Ctrl-C, SIGTERM) without leaving half a step. The CLI turns the
 * signal into an aborted AbortSignal; the engine looks at it only between atomic steps: after
 * the scan, before each batch is planned, and after each apply. The apply itself is synchronous,
 * so a signal never lands inside it: when one arrived during it, the apply is finished (journal
 * dropped, and committed under --commit) and the run stops there — unless a type check was still
 * to judge it, then it is rolled back, since an unchecked apply is not what was asked for.
 * The error carries what the tree now holds, for the CLI to say and to name the resuming command.
 */
export interface InterruptedState {
  /** The signal's name ("SIGINT", "SIGTERM"). */
  readonly signal: string;
  /** Namespaces applied and kept by this run. */
  readonly applied: readonly string[];
  /** Commits this run made (--commit), one per applied namespace. */
  readonly commits: readonly string[];
  /** Namespaces whose apply was rolled back because the signal came before its type check. */
  readonly rolledBack: readonly string[];
  /** Selected namespaces not migrated (rolled back ones included). */
  readonly remaining: readonly string[];
}

export class MigrateInterruptedError extends Error {
  constructor(readonly state: InterruptedState) {
    super(`capkit migrate was interrupted (${state.signal})`);
    this.name = "MigrateInterruptedError";
  }
}

/** The signal's name, from what the CLI passed to `abort()`. */
export function signalName(signal: AbortSignal): string {
  return typeof signal.reason === "string" ? signal.reason : "SIGINT";
}

/** Throws when the run was asked to stop; `state` says what it leaves. */
export function stopIfInterrupted(
  signal: AbortSignal | undefined,
  state: () => Omit<InterruptedState, "signal">,
): void {
  if (signal?.aborted) throw new MigrateInterruptedError({ signal: signalName(signal), ...state() });
}
