/** The migrated registry of the mini target. */
import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";
import { Tool } from "../tools/base-tool.js";
import { TOOL_PERMISSION_CATEGORIES } from "../tools/tool-permissions.js";
import { macrosSpecs } from "./macros.specs.js";
import { notesSpecs } from "./notes.specs.js";

export const registry = createCapabilityRegistry({
  macros: { loader: () => import("./macros.js").then((m) => m.module), specs: macrosSpecs },
  notes: { loader: () => import("./notes.js").then((m) => m.module), specs: notesSpecs },
});

export const { toolForCapabilityName, gateTools } = bindToolAdapters({ Tool, registry, categories: TOOL_PERMISSION_CATEGORIES });
