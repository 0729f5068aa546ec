import { describe, expect, it } from "vitest";
import { nodetoolPreset } from "./kind-presets.js";

describe("the NodeTool preset's enumeration", () => {
  it("knows the run-memory trio under the names they had before the design's rename", () => {
    for (const name of ["memory_list", "memory_read", "memory_write", "list_shared"])
      expect(nodetoolPreset(null, name, null)?.kind).toBe("run-memory");
  });

  it("matches a run-time name's class against the per-edge control_* tools", () => {
    expect(nodetoolPreset("ControlNodeTool", null, null, true)).toEqual({
      kind: "loop-protocol",
      reason:
        'NodeTool preset: wire names "control_*" are loop-protocol; ControlNodeTool\'s name is built at run time, and its class name reads "control_node"',
    });
    // Only when the name is built at run time: a static name is the evidence, not the class name.
    expect(nodetoolPreset("ControlNodeTool", "node_controls", null, false)).toBeNull();
    expect(nodetoolPreset("ControllerTool", null, null, true)).toBeNull();
  });

  it("names the sub-agent base, the execute_code shim and list_renderers host bridges, as the design's survey does", () => {
    expect(nodetoolPreset("SubAgentTool", null, null)?.kind).toBe("host-bridge");
    expect(nodetoolPreset(null, "execute_code", null)?.kind).toBe("host-bridge");
    expect(nodetoolPreset(null, "list_renderers", null)?.kind).toBe("host-bridge");
    expect(nodetoolPreset(null, "tool_search", null)?.kind).toBe("loop-protocol");
  });
});
