// capabilities/registry.ts as the codemods write it: eager specs beside one lazy loader per
// module, and the Tool adapters bound to the host's own base class.
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { MiniTool } from "../mini-tool.js";
import { memorySpecs } from "./memory.specs.js";

export const loads: string[] = [];

export const registry = createCapabilityRegistry({
  memory: { loader: () => (loads.push("memory"), import("./memory.js").then((m) => m.module)), specs: memorySpecs },
});

export const { toolFromCapability, toolFromLazyCapability, toolForCapabilityName, capabilityFromTool, gateTools } =
  bindToolAdapters({
    Tool: MiniTool,
    registry,
  });
