/**
 * Host presets: the few settings that make capkit read a host's existing vocabulary, spread
 * into `bindToolAdapters` and `createCapabilityRun` in one line. The gate options themselves
 * need no preset — ./gate-options.ts accepts NodeTool's shapes as they are.
 *
 *   const adapters = bindToolAdapters({ Tool, ...nodetoolPreset(TOOL_PERMISSION_CATEGORIES) });
 *   const run = createCapabilityRun({ context, registry, ...nodetoolPreset(TOOL_PERMISSION_CATEGORIES) });
 */
import type { CategorySource } from "./adapters.js";
import {
  NODETOOL_PERMISSION_GATE_CONTEXT_KEY,
  type GateFromContextOptions,
  type HeadlessPolicy,
} from "./gate-from-context.js";
import { REFERENCE_TOOL_CALL_ID_ARG } from "./validate.js";

export interface HostPreset {
  /** The host's own category map (capabilityFromTool / gateTools classify by it). */
  readonly categories: CategorySource;
  /** Where the host publishes its gate (NodeTool: `context.get("nodetool_permission_gate")`). */
  readonly contextGate: GateFromContextOptions;
  /** The key the host's loop injects the tool-call id under. */
  readonly toolCallIdArg: string;
}

/** NodeTool: its gate context key, `_tool_call_id`, its category map; headless as the design says. */
export function nodetoolPreset(
  categories: CategorySource,
  options: { headless?: HeadlessPolicy; host?: string } = {},
): HostPreset {
  return {
    categories,
    contextGate: {
      keys: [NODETOOL_PERMISSION_GATE_CONTEXT_KEY],
      ...(options.headless ? { headless: options.headless } : {}),
      ...(options.host ? { host: options.host } : {}),
    },
    toolCallIdArg: REFERENCE_TOOL_CALL_ID_ARG,
  };
}
