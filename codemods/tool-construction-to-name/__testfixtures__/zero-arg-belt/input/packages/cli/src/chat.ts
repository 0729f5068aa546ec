/**
 * `nodetool chat`: the builtin belt plus a read-only file tool for the REPL's /cat command.
 */
import { getBuiltinTools, ReadFileTool, type Tool as AgentTool } from "@nodetool-ai/agents";

export function chatBelt(): AgentTool[] {
  return [...getBuiltinTools(), new ReadFileTool()];
}
