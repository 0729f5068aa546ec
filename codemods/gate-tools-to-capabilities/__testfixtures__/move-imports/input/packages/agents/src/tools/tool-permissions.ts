/**
 * The permission gate for belt tools (abridged): GatedTool runs decide → session allow-set →
 * approver → security monitor before the inner tool; gateTools wraps a whole belt.
 */
import type { ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";

export type PermissionMode = "plan" | "default" | "auto";

export interface GateOptions {
  readonly mode: PermissionMode;
  readonly sessionAllow?: Set<string>;
}

export function decidePermission(mode: PermissionMode, category: string): "allow" | "ask" | "block" {
  if (category === "read" || mode === "auto") return "allow";
  return mode === "plan" ? "block" : "ask";
}

export class GatedTool extends Tool {
  readonly name: string;
  readonly description: string;

  constructor(readonly inner: Tool, private readonly options: GateOptions) {
    super();
    this.name = inner.name;
    this.description = inner.description;
  }

  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    if (decidePermission(this.options.mode, "external") === "block") return { error: "blocked_in_plan_mode" };
    return this.inner.process(context, params);
  }
}

export function gateTools(tools: readonly Tool[], options: GateOptions): Tool[] {
  return tools.map((t) => new GatedTool(t, options));
}
