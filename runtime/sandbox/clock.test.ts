import { describe, expect, it } from "vitest";
import { createCapabilityRun, scriptedApprover } from "../index.js";
import { createClockRelay, createSandboxClock } from "./index.js";
import { sampleRegistry } from "../test-support/sample-capabilities.js";

describe("the sandbox clock", () => {
  it("counts active time only; suspensions nest", () => {
    let t = 0;
    const clock = createSandboxClock(100, () => t);
    t = 30;
    clock.suspend();
    clock.suspend();
    t = 500;
    clock.resume();
    expect(clock.suspended).toBe(true);
    t = 600;
    clock.resume();
    expect(clock.elapsedMs()).toBe(30);
    t = 650;
    expect([clock.elapsedMs(), clock.remainingMs(), clock.expired()]).toEqual([80, 20, false]);
    t = 700;
    expect(clock.expired()).toBe(true);
    expect(() => createSandboxClock(0)).toThrow(/positive number/);
  });

  it("the gate stops it for exactly the approval and the monitor (through a relay)", async () => {
    let t = 0;
    const clock = createSandboxClock(1_000, () => t);
    const relay = createClockRelay();
    relay.attach(clock);
    const { registry } = sampleRegistry();
    const approve = scriptedApprover({ add_note: "allow" });
    const run = createCapabilityRun({
      context: {},
      registry,
      gate: {
        mode: "default",
        clock: relay,
        approver: (r) => ((t += 5_000), approve(r)), // a person takes five seconds
        monitor: () => ((t += 2_000), "allow" as const),
      },
      capabilities: [
        { spec: { name: "work", description: "d", inputSchema: {}, category: "read" }, impl: async () => (t += 300) },
      ],
    });
    await run.invoke("add_note", { title: "x" });
    expect(clock.elapsedMs()).toBe(0);
    await run.invoke("work", {});
    expect(clock.elapsedMs()).toBe(300);
    relay.detach(clock); // once the action is over, the gate no longer pauses its clock
    await run.invoke("add_note", { title: "y" });
    expect(clock.elapsedMs()).toBe(7_300);
  });
});
