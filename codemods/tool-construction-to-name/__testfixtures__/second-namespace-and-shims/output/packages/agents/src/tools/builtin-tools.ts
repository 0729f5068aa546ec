/**
 * The zero-argument belt. The files namespace was migrated in an earlier pull request; this
 * run migrates memory, whose classes survive as deprecated shims (--keep-shims).
 */
import { TodoWriteTool } from "./agents-tools.js";
import type { Tool } from "./base-tool.js";
import { toolForCapabilityName } from "../capabilities/registry.js";

export function getBuiltinTools(): Tool[] {
  return [
    toolForCapabilityName("read_file"),
    toolForCapabilityName("write_file"),
    new TodoWriteTool(),
    toolForCapabilityName("remember"),
    toolForCapabilityName("recall"),
    toolForCapabilityName("forget"),
  ];
}
