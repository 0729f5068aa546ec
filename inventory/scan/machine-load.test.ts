import { describe, expect, it } from "vitest";
import { cpuMark, machineLoadSince, type CpuReadings } from "./machine-load.js";

/** Readings a test moves forward by hand: per-core busy/idle counters, this process's CPU time, a clock. */
function fakeMachine(cores: number, loadAverage = 0) {
  const state = { now: 0, own: 0, busy: new Array<number>(cores).fill(0), parallelism: cores };
  const readings: CpuReadings = {
    now: () => state.now,
    cores: () => state.busy.map((busy) => ({ busy, idle: 0 })),
    own: () => state.own,
    parallelism: () => state.parallelism,
    loadAverage: () => loadAverage,
  };
  /** `ms` pass; this process keeps `ownCores` busy and other work `otherCores` (spread over the cores). */
  const run = (ms: number, ownCores: number, otherCores: number) => {
    state.now += ms;
    state.own += ms * ownCores;
    const each = (ms * (ownCores + otherCores)) / cores;
    state.busy = state.busy.map((b) => b + each);
  };
  return { state, readings, run };
}

describe("machineLoadSince", () => {
  it("counts other work only: a box where only this process runs has no load, whatever the load average says", () => {
    const m = fakeMachine(2, 1.4);
    const mark = cpuMark(m.readings);
    m.run(100, 1, 0);
    expect(machineLoadSince(mark, m.readings)).toEqual({ cores: 2, load: 0 });
  });

  it("measures the cores other work keeps busy during the window", () => {
    const m = fakeMachine(2);
    const mark = cpuMark(m.readings);
    m.run(200, 1, 0.75);
    const got = machineLoadSince(mark, m.readings);
    expect(got.cores).toBe(2);
    expect(got.load).toBeCloseTo(0.75);
  });

  it("falls back to the load average less this process when the window is too short or the counters cover other cores", () => {
    const short = fakeMachine(2, 2.5);
    const mark = cpuMark(short.readings);
    short.run(10, 1, 0);
    expect(machineLoadSince(mark, short.readings)).toEqual({ cores: 2, load: 1.5 });

    const container = fakeMachine(8, 0.5);
    const hostMark = cpuMark(container.readings);
    container.state.parallelism = 2;
    container.run(100, 1, 6);
    expect(machineLoadSince(hostMark, container.readings)).toEqual({ cores: 2, load: 0 });

    expect(machineLoadSince(undefined, fakeMachine(4, 0.2).readings)).toEqual({ cores: 4, load: 0 });
  });
});
