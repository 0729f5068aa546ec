/**
 * The capability registry: every module's specs, read eagerly, beside one lazy loader per
 * module (an implementation loads on its first call, from the one module that owns it). Also
 * exports the Tool adapters bound to this codebase's Tool class, for call sites that still
 * assemble Tool[] belts. Written by `capkit migrate`; one entry per migrated namespace.
 */
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { StructuredTool } from "../tools/base-tool.js";
import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";
import { lookupSpecs } from "./lookup.specs.js";

export const registry = createCapabilityRegistry({
  lookup: { loader: () => import("./lookup.js").then((m) => m.module), specs: lookupSpecs },
});

export const { toolFromCapability, toolFromLazyCapability, toolForCapabilityName, capabilityFromTool, gateTools } = bindToolAdapters<StructuredTool>({
  Tool: StructuredTool,
  registry,
  categories: TOOL_PERMISSION_CATEGORIES,
});
