/** The zero-argument belt; the class move has not written capabilities/registry.ts yet. */
import type { Tool } from "./base-tool.js";
import { ReadFileTool } from "./files-tools.js";

export function getBuiltinTools(): Tool[] {
  return [new ReadFileTool()];
}
