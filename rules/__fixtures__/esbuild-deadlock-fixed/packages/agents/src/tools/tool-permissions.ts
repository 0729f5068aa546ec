// The classification map only; gateTools moved to capabilities/gate-tools.ts.
import { SETTINGS } from "./settings.js";

export const TOOL_CATEGORIES: Record<string, string> = { list_workflows: "read", run_job: "execute" };

export function categoryOf(name: string): string {
  return TOOL_CATEGORIES[name] ?? SETTINGS.defaultCategory;
}
