import { describe, expect, it } from "vitest";
import { createCapabilityRun, scriptedApprover } from "capkit/runtime";
import { gateTools, loads, registry, toolForCapabilityName } from "./test-support/migrated/registry.js";
import { recall } from "./test-support/migrated/memory.specs.js";

describe("the migrated shape (specs file, module file, registry.ts) on capkit/runtime", () => {
  it("serves specs eagerly, loads the module on first call, and has no drift", async () => {
    expect(registry.capabilitySpec("recall")).toBe(recall);
    const belt = gateTools([toolForCapabilityName("remember"), toolForCapabilityName("recall")], {
      mode: "default",
      approver: scriptedApprover({ remember: "allow" }),
    });
    expect(loads).toEqual([]);
    const context = { notes: new Map<string, string>() };
    expect(await belt[0]!.execute(context, { key: "k", value: "v" })).toEqual({ key: "k" });
    expect(await belt[1]!.execute(context, { key: "k" })).toEqual({ value: "v" });
    expect(loads).toEqual(["memory"]);
    expect(await registry.checkDrift()).toEqual([]);
    const run = createCapabilityRun({ context, registry, gate: { mode: "plan" } });
    expect(await run.invoke("remember", { key: "x", value: "y" })).toMatchObject({ error: "blocked_in_plan_mode" });
  });
});
