/**
 * The zero-argument belt every agent starts from. Tools that need a host dependency come from
 * getAllMcpTools instead.
 */
import { TodoWriteTool } from "./agents-tools.js";
import type { Tool } from "./base-tool.js";
import { EditFileTool, GlobTool, GrepTool, ListDirectoryTool, ReadFileTool, WriteFileTool } from "./files-tools.js";
import { ForgetTool, RecallTool, RememberTool } from "./memory-tools.js";

export function getBuiltinTools(): Tool[] {
  return [
    new ReadFileTool(),
    new WriteFileTool(),
    new EditFileTool(),
    new ListDirectoryTool(),
    new GlobTool(),
    new GrepTool(),
    new TodoWriteTool(),
    new RememberTool(),
    new RecallTool(),
    new ForgetTool(),
  ];
}
