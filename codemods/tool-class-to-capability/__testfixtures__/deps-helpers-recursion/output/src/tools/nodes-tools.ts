/** Node discovery tools, plus the planner's own submit tool. */
import { Tool } from "./base-tool.js";
import { readFileSync } from "node:fs";

/** Shared with the planner below, so it stays here. */
export function normalizeQuery(query: unknown): string {
  return String(query ?? "").trim().toLowerCase();
}

/** Planner-constructed: loop-protocol, never migrated. */
export class SubmitPlanTool extends Tool {
  readonly name = "submit_plan";
  readonly description = "Submit the plan.";
  lastPlan: string | null = null;

  async process(_context: unknown, params: Record<string, unknown>) {
    this.lastPlan = normalizeQuery(params["plan"]);
    return { ok: true };
  }
}
