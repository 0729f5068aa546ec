/** `classify`: where the classifier looks for evidence, the preset, and per-class overrides. */
import { z } from "zod";
import { KINDS } from "../kinds.js";

const regexString = z.string().refine((s) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}, "expected a valid regular expression");

export const DEFAULT_RUN_FIELDS: Record<string, string> = {
  providers: "providers",
  registry: "nodeRegistry",
  nodeRegistry: "nodeRegistry",
  examples: "examples",
  catalog: "examples",
  exampleCatalog: "examples",
  collection: "vectorCollection",
  vectorCollection: "vectorCollection",
  subAgent: "subAgent",
  options: "subAgent",
  loaders: "loaders",
  client: "client",
  exportDsl: "exportDsl",
};

export const classifySection = z.strictObject({
  /** "nodetool" adds the loop-protocol / supervisor / run-memory / sandbox-pack wire names NodeTool keeps (inventory/classify/presets.ts). */
  preset: z.enum(["nodetool", "none"]).default("nodetool"),
  /** Functions that assemble the capability belt; classes they (transitively) construct are capability-shaped. */
  beltBuilders: z
    .array(z.string().min(1))
    .default(["getBuiltinTools", "getAllMcpTools", "getAgentToolbelt", "getGoogleWorkspaceTools"]),
  /** Functions that gate a belt: a class constructed beside such a call is assembled into a gated belt. */
  gateFunctions: z.array(z.string().min(1)).default(["gateTools"]),
  /** Regexes over scope names (class or function) that own a planner/executor loop. */
  loopOwners: z
    .array(regexString)
    .default(["Planner\\b", "Executor\\b", "PlanBuilder\\b", "[Ll]oop\\b", "^plan", "Supervisor"]),
  /** Class name (or wire name) → kind, for what the code evidence cannot decide. */
  overrides: z.record(z.string(), z.enum(KINDS)).default({}),
  /** Constructor parameter name → CapabilityRun field; a parameter not listed is a blocker. */
  runFields: z.record(z.string(), z.string()).default(DEFAULT_RUN_FIELDS),
});
