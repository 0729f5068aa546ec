/**
 * `nodetool chat`: the builtin belt plus a read-only file tool for the REPL's /cat command.
 */
import { getBuiltinTools, type Tool as AgentTool, toolForCapabilityName } from "@nodetool-ai/agents";

export function chatBelt(): AgentTool[] {
  return [...getBuiltinTools(), toolForCapabilityName("read_file")];
}
