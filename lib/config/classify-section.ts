/** `classify`: where the classifier looks for evidence, the preset, and per-class overrides. */
import type { ZodApi } from "./zod.js";
import { KINDS, type Kind } from "../kinds.js";
import { DEFAULT_RUN_FIELDS } from "./default-run-fields.js";

function isRegex(s: string): boolean {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
}

export const CLASSIFY_DEFAULTS = {
  preset: "nodetool" as "nodetool" | "none",
  beltBuilders: ["getBuiltinTools", "getAllMcpTools", "getAgentToolbelt", "getGoogleWorkspaceTools"],
  gateFunctions: ["gateTools"],
  loopOwners: ["Planner\\b", "Executor\\b", "PlanBuilder\\b", "[Ll]oop\\b", "^plan", "Supervisor"],
  overrides: {} as Record<string, Kind>,
  runFields: DEFAULT_RUN_FIELDS as Record<string, string>,
};

export const classifySection = (z: ZodApi) =>
  z.strictObject({
    /** "nodetool" adds the loop-protocol / supervisor / run-memory / sandbox-pack wire names NodeTool keeps (inventory/classify/kind-presets.ts). */
    preset: z.enum(["nodetool", "none"]).default(CLASSIFY_DEFAULTS.preset),
    /** Functions that assemble the capability belt; classes they (transitively) construct are capability-shaped. */
    beltBuilders: z.array(z.string().min(1)).default(CLASSIFY_DEFAULTS.beltBuilders),
    /** Functions that gate a belt: a class constructed beside such a call is assembled into a gated belt. */
    gateFunctions: z.array(z.string().min(1)).default(CLASSIFY_DEFAULTS.gateFunctions),
    /** Regexes over scope names (class or function) that own a planner/executor loop. */
    loopOwners: z
      .array(z.string().refine(isRegex, "expected a valid regular expression"))
      .default(CLASSIFY_DEFAULTS.loopOwners),
    /** Class name (or wire name) → kind, for what the code evidence cannot decide. */
    overrides: z.record(z.string(), z.enum(KINDS)).default(CLASSIFY_DEFAULTS.overrides),
    /** Constructor parameter name → CapabilityRun field; a parameter not listed is a blocker. */
    runFields: z.record(z.string(), z.string()).default(CLASSIFY_DEFAULTS.runFields),
  });
