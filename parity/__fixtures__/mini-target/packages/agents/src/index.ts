/** Belt builders of the mini target: a zero-arg belt and a dependency-taking belt. */
import type { Tool } from "./tools/base-tool.js";
import { AddNoteTool, FetchUrlTool, ListNotesTool, RunMacroTool, type HttpLike, type Macros } from "./tools/notes-tools.js";

export { Tool } from "./tools/base-tool.js";
export { NotesContext } from "./context.js";

export function getBuiltinTools(): Tool[] {
  return [new ListNotesTool(), new AddNoteTool()];
}

export function getAllMcpTools(deps: { macros?: Macros; http?: HttpLike } = {}): Tool[] {
  const tools: Tool[] = [];
  if (deps.macros) tools.push(new RunMacroTool(deps.macros));
  if (deps.http) tools.push(new FetchUrlTool(deps.http));
  return tools;
}
