/**
 * The sandbox clock: an active-time budget for one guest action. The gate suspends it while
 * a person answers an approval and while the security monitor reviews, so waiting on a human
 * never counts against the guest's deadline. Suspensions nest. Consumed by ./host.ts (the
 * interrupt handler and the wait loop) and by hosts that put it in PermissionGateOptions.clock.
 */
import type { GateClock } from "../permission-types.js";

export interface SandboxClock extends GateClock {
  readonly budgetMs: number;
  /** Active (unsuspended) milliseconds since the clock was created. */
  elapsedMs(): number;
  remainingMs(): number;
  expired(): boolean;
  readonly suspended: boolean;
  /** Run fn with the clock suspended. */
  suspendedDuring<T>(fn: () => Promise<T>): Promise<T>;
}

export function createSandboxClock(budgetMs: number, now: () => number = () => performance.now()): SandboxClock {
  if (!(budgetMs > 0)) throw new RangeError(`sandbox clock budget must be a positive number of ms (got ${budgetMs})`);
  const start = now();
  let depth = 0;
  let pausedAt = 0;
  let paused = 0;
  const elapsedMs = () => (depth > 0 ? pausedAt : now()) - start - paused;
  const clock: SandboxClock = {
    budgetMs,
    elapsedMs,
    remainingMs: () => Math.max(0, budgetMs - elapsedMs()),
    expired: () => elapsedMs() >= budgetMs,
    get suspended() {
      return depth > 0;
    },
    suspend() {
      if (depth++ === 0) pausedAt = now();
    },
    resume() {
      if (depth === 0) return;
      if (--depth === 0) paused += now() - pausedAt;
    },
    async suspendedDuring(fn) {
      clock.suspend();
      try {
        return await fn();
      } finally {
        clock.resume();
      }
    },
  };
  return clock;
}

export function isSandboxClock(value: unknown): value is SandboxClock {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as SandboxClock).expired === "function" &&
    typeof (value as SandboxClock).suspend === "function"
  );
}

/**
 * A gate clock for a run that drives several actions: put the relay in
 * PermissionGateOptions.clock, and runGuestAction attaches each action's own clock to it
 * while that action runs, so approvals pause whichever action is waiting.
 */
export interface ClockRelay extends GateClock {
  attach(clock: GateClock): void;
  detach(clock: GateClock): void;
}

export function createClockRelay(): ClockRelay {
  const attached = new Set<GateClock>();
  const suspendedNow = new Set<GateClock>();
  return {
    attach: (c) => void attached.add(c),
    detach: (c) => {
      attached.delete(c);
      if (suspendedNow.delete(c)) c.resume();
    },
    suspend: () => {
      for (const c of attached) {
        c.suspend();
        suspendedNow.add(c);
      }
    },
    resume: () => {
      for (const c of [...suspendedNow]) {
        suspendedNow.delete(c);
        c.resume();
      }
    },
  };
}

export function isClockRelay(value: unknown): value is ClockRelay {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ClockRelay).attach === "function" &&
    typeof (value as ClockRelay).detach === "function"
  );
}
