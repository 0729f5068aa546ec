/**
 * The NodeTool preset: the wire names and class names NodeTool keeps as kinds that
 * stay (loop-protocol, supervisor, run-memory, sandbox-pack) or serve capabilities
 * (infrastructure). Applied only when config `classify.preset` is "nodetool"; the module table's
 * files only where the table fits the repo (nodetool-modules.ts).
 */
import { posix } from "node:path";
import type { Kind } from "../types.js";
import { tableEntry } from "./nodetool-modules.js";

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
  // The same three before the rename the design records ("renamed from memory_list / memory_read
  // / memory_write"): the run's own AgentMemory, mounted by the executors.
  memory_list: "run-memory",
  memory_read: "run-memory",
  memory_write: "run-memory",
  sandbox_package_docs: "sandbox-pack",
  sandbox_package_list: "sandbox-pack",
  // The tool-call-per-node planner flow the one-shot DSL replaced (design: "Two counters").
  add_node: "loop-protocol",
  add_edge: "loop-protocol",
  remove_node: "loop-protocol",
  remove_edge: "loop-protocol",
  finish_graph: "loop-protocol",
  create_plan: "loop-protocol",
  // Mounted on no belt; the design counts them with the loop-protocol group ("Fifteen deleted").
  workspace_read: "loop-protocol",
  workspace_write: "loop-protocol",
  workspace_list: "loop-protocol",
  ltm_recall: "loop-protocol",
  ltm_remember: "loop-protocol",
  // The sixth of "the six dead ones" the loop-protocol counter loses (ToolSearchTool).
  tool_search: "loop-protocol",
  // The survey's host-bridge row: the CLI's execute_code shim and list_renderers.
  execute_code: "host-bridge",
  list_renderers: "host-bridge",
};

const WIRE_PREFIXES: readonly (readonly [string, Kind])[] = [["control_", "loop-protocol"]];

const CLASS_NAMES: Readonly<Record<string, Kind>> = {
  GatedTool: "infrastructure",
  CapabilityTool: "infrastructure",
  LazyCapabilityTool: "infrastructure",
  GatedCapabilityTool: "infrastructure",
  // The survey's "genuinely dynamic / host bridge" row names the sub-agent base (the others in
  // that row take closures or transports, which the general rules see).
  SubAgentTool: "host-bridge",
  // "SandboxPackageDocsTool and SandboxPackageListTool become the packs module".
  SandboxPackageDocsTool: "sandbox-pack",
  SandboxPackageListTool: "sandbox-pack",
};

/** `ControlNodeTool` → "control_node": the class name as the wire name it stands for. */
function snakeClassName(className: string): string {
  return className
    .replace(/Tool$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/**
 * The mapping table says which files hold what the belts assemble: a class with a static wire
 * name in one of them is capability-shaped (module named in the evidence).
 */
export function nodetoolMappedFile(file: string, wireName: string | null): PresetMatch | null {
  if (wireName === null) return null;
  const entry = tableEntry(file);
  if (!entry) return null;
  const where = entry.module ? `module ${entry.module}` : "split per domain";
  return {
    kind: "capability",
    reason: `NodeTool preset: ${posix.basename(file)} is in the design's mapping table (${where}), which maps what the belts assemble`,
  };
}

export function nodetoolPreset(
  className: string | null,
  wireName: string | null,
  wirePrefix: string | null,
  dynamicName = false,
): PresetMatch | null {
  if (wireName !== null && WIRE_NAMES[wireName])
    return {
      kind: WIRE_NAMES[wireName],
      reason: `NodeTool preset: wire name "${wireName}" is ${WIRE_NAMES[wireName]}`,
    };
  const probe = wireName ?? wirePrefix;
  if (probe !== null) {
    for (const [prefix, kind] of WIRE_PREFIXES) {
      if (probe.startsWith(prefix)) return { kind, reason: `NodeTool preset: wire names "${prefix}*" are ${kind}` };
    }
  }
  // A name built at run time (`this.name = sanitize(title)`) says nothing; the class name
  // (`ControlNodeTool` → control_node) is then what the design's enumeration can match.
  if (dynamicName && probe === null && className !== null) {
    const snake = snakeClassName(className);
    for (const [prefix, kind] of WIRE_PREFIXES) {
      if (snake.startsWith(prefix))
        return {
          kind,
          reason: `NodeTool preset: wire names "${prefix}*" are ${kind}; ${className}'s name is built at run time, and its class name reads "${snake}"`,
        };
    }
  }
  if (className !== null && CLASS_NAMES[className])
    return { kind: CLASS_NAMES[className], reason: `NodeTool preset: class ${className} is ${CLASS_NAMES[className]}` };
  return null;
}
