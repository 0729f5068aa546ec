/**
 * One migrate at a time per tree: `<root>/.capkit/migrate.lock` holds the holder's pid and start
 * time. It is created whole or not at all (written to a private temp file, then hard-linked into
 * place, which fails if the lock exists), so a second run never sees half a lock. A lock whose
 * pid is no longer alive is stale (its holder was killed) and is taken over.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import { ensureIgnored } from "../../lib/results-store.js";

export const LOCK_REL = ".capkit/migrate.lock";

export interface LockHolder {
  readonly pid: number;
  readonly startedAt: string;
  readonly alive: boolean;
}

/** Is a process with this pid running? (EPERM: it exists but belongs to someone else.) */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Who holds the lock, or null when nobody does. An unreadable lock counts as held by a live holder. */
export function lockHolder(root: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(join(root, LOCK_REL), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return { pid: 0, startedAt: "unknown", alive: true };
  }
  try {
    const v = JSON.parse(text) as { pid?: unknown; startedAt?: unknown };
    const pid = typeof v.pid === "number" ? v.pid : 0;
    return { pid, startedAt: typeof v.startedAt === "string" ? v.startedAt : "unknown", alive: pidAlive(pid) };
  } catch {
    return { pid: 0, startedAt: "unknown", alive: false }; // never written whole by capkit: garbage
  }
}

/**
 * Removes a dead holder's lock without removing a live one that replaced it meanwhile: the lock
 * is first moved aside (atomic, so one contender gets it), and put back if it is not the stale one.
 */
function removeStale(lock: string, stale: LockHolder): void {
  const aside = `${lock}.${process.pid}.${Math.random().toString(36).slice(2)}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // another contender moved it first: try to link again
  }
  let same = false;
  try {
    const v = JSON.parse(readFileSync(aside, "utf8")) as { pid?: unknown; startedAt?: unknown };
    same = v.pid === stale.pid && (v.startedAt ?? "unknown") === stale.startedAt;
  } catch {
    same = stale.pid === 0; // garbage then, garbage now
  }
  if (!same) {
    try {
      linkSync(aside, lock); // a live holder's lock: put it back (fails only if yet another took the slot)
    } catch {
      // the slot is taken again: the next link attempt reports that holder
    }
  }
  rmSync(aside, { force: true });
}

export interface MigrateLock {
  release(): void;
  /** True when a stale lock (a dead holder) was taken over. */
  readonly tookOverStale: LockHolder | null;
}

/** Takes the lock or throws an EnvironmentError naming the holder. `now` is injectable for tests. */
export function acquireMigrateLock(root: string, now: () => Date = () => new Date()): MigrateLock {
  const lock = join(root, LOCK_REL);
  const tmp = `${lock}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    mkdirSync(join(root, ".capkit"), { recursive: true });
    ensureIgnored(root); // the lock and the journal must never show up in git status
    writeFileSync(tmp, `${JSON.stringify({ pid: process.pid, startedAt: now().toISOString() })}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new EnvironmentError(
      `cannot write ${LOCK_REL} (${code}): migrate writes the tree, so it needs a writable checkout`,
      { hint: "run it in a writable checkout; --dry-run shows the plan without writing" },
    );
  }
  let stale: LockHolder | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = lockHolder(root);
      if (!holder && attempt < 3) continue; // released meanwhile: try again
      if (!holder || holder.alive || attempt > 0) {
        throw new EnvironmentError(
          `another capkit migrate is running on this tree (pid ${holder?.pid || "unknown"}, started ${holder?.startedAt ?? "unknown"}); nothing was done`,
          {
            file: LOCK_REL,
            hint: `wait for it to finish and run this again; if no capkit migrate is running (the machine rebooted), delete ${LOCK_REL}`,
          },
        );
      }
      stale = holder;
      removeStale(lock, holder);
    }
  } finally {
    rmSync(tmp, { force: true });
  }
  let released = false;
  return {
    tookOverStale: stale,
    release() {
      if (released) return;
      released = true;
      rmSync(lock, { force: true });
    },
  };
}
