/**
 * One migrate at a time per tree: `<root>/.capkit/migrate.lock` holds the holder's pid and start
 * time. It is created whole or not at all (written to a private temp file, then hard-linked into
 * place, which fails if the lock exists), so a second run never sees half a lock. A lock whose
 * pid is no longer alive is stale (its holder was killed) and is taken over, one contender at
 * a time (`removeStale`), so two runs that both judge it stale never both take it.
 */
import type * as Crypto from "node:crypto";
import { createRequire } from "node:module";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EnvironmentError } from "../../lib/errors.js";
import { ensureIgnored } from "../../lib/results-store.js";

export const LOCK_REL = ".capkit/migrate.lock";
const BREAKER_REL = ".capkit/migrate.lock.takeover";

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

/** The holder a lock text names; text that capkit never wrote whole is garbage: nobody alive. */
function holderOf(text: string | null): LockHolder {
  if (text === null) return { pid: 0, startedAt: "unknown", alive: false };
  try {
    const v = JSON.parse(text) as { pid?: unknown; startedAt?: unknown };
    const pid = typeof v.pid === "number" ? v.pid : 0;
    return { pid, startedAt: typeof v.startedAt === "string" ? v.startedAt : "unknown", alive: pidAlive(pid) };
  } catch {
    return { pid: 0, startedAt: "unknown", alive: false };
  }
}

/** The lock's text, null when there is none; an unreadable lock counts as held by a live holder. */
function readLock(root: string): { text: string; holder: LockHolder } | null {
  try {
    const text = readFileSync(join(root, LOCK_REL), "utf8");
    return { text, holder: holderOf(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return { text: "", holder: { pid: 0, startedAt: "unknown", alive: true } };
  }
}

/** Who holds the lock, or null when nobody does. An unreadable lock counts as held by a live holder. */
export function lockHolder(root: string): LockHolder | null {
  return readLock(root)?.holder ?? null;
}

/** The steps of a takeover, where a test's hook runs a rival as a second process would. */
export const LOCK_STEPS = ["stale-seen", "breaker-taken", "stale-removed"] as const;
export type LockStep = (typeof LOCK_STEPS)[number];

export interface LockOptions {
  /** Injectable clock for the start time written. */
  readonly now?: () => Date;
  /** Called at each takeover step (tests only). */
  readonly onStep?: (step: LockStep) => void;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function lockedOut(holder: LockHolder | null, doing = "is running"): EnvironmentError {
  return new EnvironmentError(
    `another capkit migrate ${doing} on this tree (pid ${holder?.pid || "unknown"}, started ${holder?.startedAt ?? "unknown"}); nothing was done`,
    {
      file: LOCK_REL,
      hint: `wait for it to finish and run this again; if no capkit migrate is running (the machine rebooted), delete ${LOCK_REL}`,
    },
  );
}

/**
 * Removes a dead holder's lock. Only one contender at a time may do so: it first takes the
 * breaker (`migrate.lock.takeover`, created by an exclusive link like the lock), then removes
 * the lock only if it still has the exact text that was judged stale. A live lock is never
 * moved or removed by anyone but its holder, so two contenders can never both end up holding.
 */
function removeStale(root: string, tmp: string, staleText: string, opts: LockOptions): void {
  const lock = join(root, LOCK_REL);
  const breaker = join(root, BREAKER_REL);
  try {
    linkSync(tmp, breaker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const other = holderOf(readText(breaker));
    if (other.alive) throw lockedOut(other, "is taking over a stale lock");
    throw new EnvironmentError(
      `a takeover of a stale migrate lock was interrupted (pid ${other.pid || "unknown"} is gone); nothing was done`,
      {
        file: BREAKER_REL,
        hint: `if no capkit migrate is running, delete ${BREAKER_REL} and ${LOCK_REL}, then run this again`,
      },
    );
  }
  try {
    opts.onStep?.("breaker-taken");
    if (readText(lock) === staleText) {
      rmSync(lock, { force: true });
      opts.onStep?.("stale-removed");
    }
  } finally {
    rmSync(breaker, { force: true });
  }
}

export interface MigrateLock {
  release(): void;
  /** True when a stale lock (a dead holder) was taken over. */
  readonly tookOverStale: LockHolder | null;
}

/**
 * Takes the lock or throws an EnvironmentError naming the holder. The lock's text carries a
 * random token besides the pid and start time, so a release removes only this holder's lock.
 */
export function acquireMigrateLock(root: string, options: LockOptions | (() => Date) = {}): MigrateLock {
  const opts: LockOptions = typeof options === "function" ? { now: options } : options;
  const lock = join(root, LOCK_REL);
  // node:crypto required here: every command loads this module (lockHolder), only a migrate takes the lock.
  const token = (createRequire(import.meta.url)("node:crypto") as typeof Crypto).randomBytes(8).toString("hex");
  const tmp = `${lock}.${process.pid}.${token}.tmp`;
  const now = opts.now ?? (() => new Date());
  const text = `${JSON.stringify({ pid: process.pid, startedAt: now().toISOString(), token })}\n`;
  try {
    mkdirSync(join(root, ".capkit"), { recursive: true });
    ensureIgnored(root); // the lock and the journal must never show up in git status
    writeFileSync(tmp, text);
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
      const found = readLock(root);
      if (!found && attempt < 3) continue; // released meanwhile: try again
      if (!found || found.holder.alive || attempt > 2) throw lockedOut(found?.holder ?? null);
      opts.onStep?.("stale-seen");
      stale = found.holder;
      removeStale(root, tmp, found.text, opts);
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
      if (readText(lock) === text) rmSync(lock, { force: true }); // never a lock someone else holds
    },
  };
}
