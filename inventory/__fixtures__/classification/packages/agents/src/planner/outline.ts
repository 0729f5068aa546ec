import { DraftOutlineTool } from "../tools/loop-tools.js";

declare function ask(tools: unknown[]): Promise<void>;

export async function draftOutline(): Promise<string | null> {
  const draft = new DraftOutlineTool();
  await ask([draft]);
  return draft.lastOutline;
}
