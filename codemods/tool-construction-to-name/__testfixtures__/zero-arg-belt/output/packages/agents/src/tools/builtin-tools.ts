/**
 * The zero-argument belt every agent starts from. Tools that need a host dependency come from
 * getAllMcpTools instead.
 */
import { TodoWriteTool } from "./agents-tools.js";
import type { Tool } from "./base-tool.js";
import { GrepTool } from "./files-tools.js";
import { ForgetTool, RecallTool, RememberTool } from "./memory-tools.js";
import { toolForCapabilityName } from "../capabilities/registry.js";

export function getBuiltinTools(): Tool[] {
  return [
    toolForCapabilityName("read_file"),
    toolForCapabilityName("write_file"),
    toolForCapabilityName("edit_file"),
    toolForCapabilityName("list_directory"),
    toolForCapabilityName("glob"),
    new GrepTool(),
    new TodoWriteTool(),
    new RememberTool(),
    new RecallTool(),
    new ForgetTool(),
  ];
}
