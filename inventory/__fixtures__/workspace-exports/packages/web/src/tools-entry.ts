import { Tool as ToolsTool } from "@scope/agents/tools";

export class ToolsEntryTool extends ToolsTool {
  readonly name = "tools_entry";
  readonly description = "tools_entry tool";
  async process(): Promise<unknown> {
    return { ok: true };
  }
}
