/**
 * The capability registry: one eager spec table per module plus a lazy loader, and the Tool
 * adapters bound to this package's own base class. Written by capkit (tool-class-to-capability).
 */
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { Tool } from "../tools/base-tool.js";
import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";
import { filesSpecs } from "./files.specs.js";
import { workflowsSpecs } from "./workflows.specs.js";

export const registry = createCapabilityRegistry({
  files: { loader: () => import("./files.js").then((m) => m.module), specs: filesSpecs },
  workflows: { loader: () => import("./workflows.js").then((m) => m.module), specs: workflowsSpecs },
});

export const { toolForCapabilityName, toolFromLazyCapability, gateTools } = bindToolAdapters({
  Tool,
  registry,
  categories: TOOL_PERMISSION_CATEGORIES,
});
