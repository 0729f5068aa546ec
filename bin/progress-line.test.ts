import { describe, expect, it } from "vitest";
import type { CliIO } from "./command.js";
import { progressLine } from "./progress-line.js";

function io(stderrIsTTY: boolean): CliIO & { err: string[] } {
  const err: string[] = [];
  return { cwd: "/", env: {}, stdout: () => {}, stderr: (t) => void err.push(t), stderrIsTTY, stdoutIsTTY: false, err };
}

describe("progressLine", () => {
  it("redraws one line in place on a terminal and erases it when asked", () => {
    const tty = io(true);
    const line = progressLine(tty);
    line?.show("capkit inventory: scan 1/2…");
    line?.show("capkit inventory: scan 2/2…");
    line?.clear();
    expect(tty.err).toEqual(["\r\x1b[Kcapkit inventory: scan 1/2…", "\r\x1b[Kcapkit inventory: scan 2/2…", "\r\x1b[K"]);
  });

  it("draws nothing when stderr is not a terminal or the command turns it off (--json)", () => {
    expect(progressLine(io(false))).toBeUndefined();
    expect(progressLine(io(true), false)).toBeUndefined();
  });
});
