/**
 * Time and promises a test drives, so no runtime test depends on how fast the machine runs it:
 * pass `now` to createSandboxClock(budgetMs, now) and give the resulting clock to
 * runGuestAction's `clock` option; settle work with a deferred instead of a timer.
 */

/** Time that moves only when the test says so. */
export interface ManualTime {
  now(): number;
  advance(ms: number): void;
}

export function manualTime(): ManualTime {
  let t = 0;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/**
 * Time that moves `stepMs` each time it is read. A guest that keeps running keeps consulting its
 * clock (the interrupt handler, each settle round), so it reaches any deadline after a fixed
 * number of reads, on a fast machine and a slow one alike.
 */
export function steppingTime(stepMs = 1): () => number {
  let t = 0;
  return () => (t += stepMs);
}

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

/** Node 20 has no Promise.withResolvers. */
export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolve after every pending promise job has run (one macrotask; no time is involved). */
export function afterPendingJobs(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}
