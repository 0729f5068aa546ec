/** How `capkit smoke` classifies a Node process: ok, ready text, deadlock (13), timeout, crash. */
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { runNode } from "./run-node.js";

/** No time limit: these processes end on their own, so only how they end can decide the case. */
const opts = { cwd: tmpdir(), timeoutMs: Infinity };

describe("runNode", () => {
  it("exit 0 is ok and keeps stdout", async () => {
    const run = await runNode(["-e", "console.log('done')"], opts);
    expect(run).toMatchObject({ status: "ok", exitCode: 0, stdout: "done\n" });
  });

  it("an unsettled top-level await (exit 13) is a deadlock", async () => {
    const run = await runNode(["--input-type=module", "-e", "await new Promise(() => {});"], opts);
    expect(run).toMatchObject({ status: "deadlock", exitCode: 13 });
  });

  it("a process that never ends times out, unless its ready text appears", async () => {
    // Runs until this test process is gone (never while the test runs), so the limit is reached
    // on any machine, and the ready run, which has no limit, cannot outlive a failed test.
    const server = `console.log('listening on 8080'); setInterval(() => { try { process.kill(${process.pid}, 0); } catch { process.exit(1); } }, 1000);`;
    expect(await runNode(["-e", server], { ...opts, timeoutMs: 1_500 })).toMatchObject({
      status: "timeout",
      signal: "SIGKILL",
    });
    expect(await runNode(["-e", server], { ...opts, ready: "listening on" })).toMatchObject({ status: "ok" });
  });

  it("a limit longer than a timer can hold is no limit (setTimeout would fire at once)", async () => {
    expect(await runNode(["-e", "console.log('done')"], { ...opts, timeoutMs: 2 ** 31 })).toMatchObject({
      status: "ok",
      stdout: "done\n",
    });
  });

  it("a thrown error is a crash with its stderr", async () => {
    const run = await runNode(["-e", "throw new Error('boom')"], opts);
    expect(run.status).toBe("crash");
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("boom");
  });
});
