/**
 * The explicit answers to an interrupted migrate (`capkit migrate --rollback-journal [--force]`,
 * `capkit migrate --discard-journal`): restore the tree from the journal, or keep the tree and
 * drop the journal. Both take the migrate lock; both return data for the CLI to print.
 */
import { resolve } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import { discardJournal, findJournal, nodeApplyFs, rollbackJournal, type ApplyFs } from "./journal.js";
import { acquireMigrateLock } from "./lock.js";

export type JournalAction = "rollback" | "discard";

export interface JournalActionResult {
  readonly action: JournalAction;
  /** The interrupted run the journal was from. */
  readonly interrupted: { readonly pid: number; readonly startedAt: string };
  /** Files put back (rollback only). */
  readonly restored: readonly string[];
  /** Files the journal covered (for discard: now left as they are). */
  readonly files: readonly string[];
}

export function resolveJournal(
  rootArg: string,
  action: JournalAction,
  options: { force?: boolean; fs?: ApplyFs } = {},
): JournalActionResult {
  const root = resolve(rootArg);
  const lock = acquireMigrateLock(root);
  try {
    const found = findJournal(root);
    if (!found)
      throw new EnvironmentError(
        `no interrupted migrate to ${action === "rollback" ? "roll back" : "discard"}: there is no journal under ${root}`,
        { hint: "nothing to do; run capkit migrate as usual" },
      );
    const fs = options.fs ?? nodeApplyFs;
    const files = found.journal.entries.map((e) => e.path).sort();
    const interrupted = { pid: found.journal.pid, startedAt: found.journal.startedAt };
    if (action === "discard") {
      discardJournal(root, found, fs);
      return { action, interrupted, restored: [], files };
    }
    const restored = rollbackJournal(root, found, { fs, force: options.force ?? false });
    return { action, interrupted, restored, files };
  } finally {
    lock.release();
  }
}
