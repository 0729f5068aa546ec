/**
 * The capability registry: every module's specs, read eagerly, beside one lazy loader per
 * module (an implementation loads on its first call, from the one module that owns it). Also
 * exports the Tool adapters bound to this codebase's Tool class, for call sites that still
 * assemble Tool[] belts. Written by `capkit migrate`; one entry per migrated namespace.
 */
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { Tool } from "../tools/base-tool.js";
import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";
import { mapsSpecs } from "./maps.specs.js";
import { weatherSpecs } from "./weather.specs.js";

export const registry = createCapabilityRegistry({
  maps: { loader: () => import("./maps.js").then((m) => m.module), specs: mapsSpecs },
  weather: { loader: () => import("./weather.js").then((m) => m.module), specs: weatherSpecs },
});

export const { toolFromCapability, toolFromLazyCapability, toolForCapabilityName, capabilityFromTool, gateTools } = bindToolAdapters<Tool>({
  Tool,
  registry,
  categories: TOOL_PERMISSION_CATEGORIES,
});
