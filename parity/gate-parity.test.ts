import { describe, expect, it } from "vitest";
import { createCapabilityRegistry } from "../runtime/registry.js";
import type { CapabilityModule, CapabilitySpec } from "../runtime/types.js";
import { gateParityCheck, pickCanaries } from "./gate-parity.js";
import type { ParityTarget } from "./types.js";

const spec = (name: string, category: CapabilitySpec["category"]): CapabilitySpec => ({
  name,
  description: `${name} for the test`,
  inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
  category,
});
const specs = [
  spec("peek", "read"),
  spec("poke", "write"),
  spec("launch", "execute"),
  spec("call_out", "external"),
  spec("aaa_read", "read"),
];
const calls: string[] = [];
const mod: CapabilityModule = {
  module: "toy",
  exports: specs.map((s) => ({
    spec: s,
    impl: async (_run, args) => (calls.push(s.name), { [s.name]: Number(args["n"]) * 2 }),
  })),
};

function target(extra: Partial<ParityTarget> = {}): ParityTarget {
  return {
    registry: createCapabilityRegistry({ toy: { loader: async () => mod, specs } }),
    createContext: () => ({}),
    ...extra,
  };
}

describe("gate parity through the QuickJS sandbox vs direct invoke", () => {
  it("picks the configured canary per category, else the first name, with arguments that validate", () => {
    const canaries = pickCanaries(target({ canaries: { read: "peek" } }));
    expect(Object.fromEntries(Object.entries(canaries).map(([k, c]) => [k, c.capability]))).toEqual({
      read: "peek",
      write: "poke",
      execute: "launch",
      external: "call_out",
    });
    expect(canaries.read?.args).toEqual({ n: 1 });
    expect(pickCanaries(target()).read?.capability).toBe("aaa_read");
  });

  it("every case passes on the real runtime, and all three paths ran the implementations", async () => {
    calls.length = 0;
    const check = await gateParityCheck(target({ canaries: { read: "peek" } }));
    expect(check.problems).toEqual([]);
    expect(check.summary).toBe(
      "10 cases × (sandbox, direct invoke, NodeTool-shaped options) over canaries call_out, launch, peek, poke",
    );
    // read, 3 approvals, plan-mode read, allow_for_chat ×2, allow-set, auto — on each of the three
    // paths (sandbox, direct, direct with NodeTool-shaped options)
    expect(calls.length).toBe(3 * 9);
  });

  it("a registry without non-read capabilities says which cases it could not run", async () => {
    const onlyRead = [spec("peek", "read")];
    const t: ParityTarget = {
      registry: createCapabilityRegistry({
        toy: { loader: async () => ({ module: "toy", exports: [mod.exports[0]!] }), specs: onlyRead },
      }),
      createContext: () => ({}),
    };
    const check = await gateParityCheck(t);
    expect(check.ok).toBe(true);
    expect(check.skipped).toEqual([
      "no write capability in the registry to use as the write canary",
      "no execute capability in the registry to use as the execute canary",
      "no external capability in the registry to use as the external canary",
      "deny, plan-mode, allow_for_chat, allow-set and monitor cases: no write/execute/external canary",
    ]);
  });

  it("an implementation that only misbehaves inside the sandbox is caught as a transcript difference", async () => {
    // A result that does not survive the sandbox's JSON boundary differs between the two paths.
    const odd: CapabilityModule = { module: "toy", exports: [{ spec: specs[0]!, impl: async () => ({ big: 10n }) }] };
    const t: ParityTarget = {
      registry: createCapabilityRegistry({ toy: { loader: async () => odd, specs: [specs[0]!] } }),
      createContext: () => ({}),
    };
    const check = await gateParityCheck(t);
    expect(check.ok).toBe(false);
    expect(check.problems.join("\n")).toMatch(/case "read-without-prompt" \[peek \(read\)\]/);
  });
});
