/**
 * How busy the machine is with other work, measured over a window this process just lived
 * through (the scan's discovery): the CPU time all cores spent busy, minus this process's own,
 * per elapsed time. That is what decides whether a second thread gets a core to itself.
 *
 * Why not the 1-minute load average: it counts this process and whatever ran in the last minute.
 * A CI job's own earlier steps (install, build), or a benchmark running capkit and grep back to
 * back on an otherwise idle box, keep it near one on two cores although a core is free right now;
 * it also lags a machine that just became busy. The window is short (the counters tick every
 * 10 ms), so a window too short to measure, or a system whose counters do not cover the cores
 * this process may use (a container shown the host's CPUs), falls back to the load average with
 * this process's own share taken off.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";

/** What the machine offers a second thread: its cores, and the cores other work keeps busy. */
export interface MachineLoad {
  readonly cores: number;
  readonly load: number;
}

/** The counters at the start of a window. */
export interface CpuMark {
  readonly at: number;
  readonly busy: number;
  readonly own: number;
  readonly cpus: number;
}

/** The raw readings a mark is made of (injected by tests). */
export interface CpuReadings {
  /** Milliseconds since some fixed point. */
  readonly now: () => number;
  /** Per core: busy and idle milliseconds since boot (os.cpus() times). */
  readonly cores: () => readonly { readonly busy: number; readonly idle: number }[];
  /** This process's CPU time, milliseconds (all its threads). */
  readonly own: () => number;
  readonly parallelism: () => number;
  readonly loadAverage: () => number;
}

const systemReadings: CpuReadings = {
  now: () => performance.now(),
  cores: () => cpus().map(({ times: t }) => ({ busy: t.user + t.nice + t.sys + t.irq, idle: t.idle })),
  own: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
  parallelism: () => availableParallelism(),
  loadAverage: () => loadavg()[0] ?? 0,
};

/** Shorter than this, the counters' 10 ms ticks say too little about a window. */
const MIN_WINDOW_MS = 40;

export function cpuMark(r: CpuReadings = systemReadings): CpuMark {
  const cores = r.cores();
  return { at: r.now(), busy: cores.reduce((s, c) => s + c.busy, 0), own: r.own(), cpus: cores.length };
}

/** The machine's load from other work since `mark` (see the module comment for the fallback). */
export function machineLoadSince(mark: CpuMark | undefined, r: CpuReadings = systemReadings): MachineLoad {
  const cores = r.parallelism();
  const elapsed = mark ? r.now() - mark.at : 0;
  if (mark && elapsed >= MIN_WINDOW_MS && mark.cpus === cores) {
    const now = cpuMark(r);
    if (now.cpus === mark.cpus) {
      const others = (now.busy - mark.busy - (now.own - mark.own)) / elapsed;
      return { cores, load: Math.max(0, others) };
    }
  }
  return { cores, load: Math.max(0, r.loadAverage() - 1) };
}
