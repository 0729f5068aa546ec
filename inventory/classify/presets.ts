/**
 * The NodeTool preset: wire names and class names the design document enumerates as kinds that
 * stay (loop-protocol, supervisor, run-memory, sandbox-pack) or serve capabilities
 * (infrastructure). Applied only when config `classify.preset` is "nodetool".
 */
import type { Kind } from "../types.js";

export interface PresetMatch {
  readonly kind: Kind;
  readonly reason: string;
}

const WIRE_NAMES: Readonly<Record<string, Kind>> = {
  submit_graph: "loop-protocol",
  submit_code: "loop-protocol",
  add_task: "loop-protocol",
  remove_task: "loop-protocol",
  finish_plan: "loop-protocol",
  create_task: "loop-protocol",
  finish_step: "loop-protocol",
  get_run_state: "supervisor",
  read_node_output: "supervisor",
  list_shared: "run-memory",
  read_shared: "run-memory",
  share_result: "run-memory",
  sandbox_package_docs: "sandbox-pack",
  sandbox_package_list: "sandbox-pack",
};

const WIRE_PREFIXES: readonly (readonly [string, Kind])[] = [["control_", "loop-protocol"]];

const CLASS_NAMES: Readonly<Record<string, Kind>> = {
  GatedTool: "infrastructure",
  CapabilityTool: "infrastructure",
  LazyCapabilityTool: "infrastructure",
  GatedCapabilityTool: "infrastructure",
};

export function nodetoolPreset(className: string | null, wireName: string | null, wirePrefix: string | null): PresetMatch | null {
  if (wireName !== null && WIRE_NAMES[wireName]) return { kind: WIRE_NAMES[wireName], reason: `NodeTool preset: wire name "${wireName}" is ${WIRE_NAMES[wireName]}` };
  const probe = wireName ?? wirePrefix;
  if (probe !== null) {
    for (const [prefix, kind] of WIRE_PREFIXES) {
      if (probe.startsWith(prefix)) return { kind, reason: `NodeTool preset: wire names "${prefix}*" are ${kind}` };
    }
  }
  if (className !== null && CLASS_NAMES[className]) return { kind: CLASS_NAMES[className], reason: `NodeTool preset: class ${className} is ${CLASS_NAMES[className]}` };
  return null;
}
