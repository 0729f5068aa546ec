/** Node discovery tools, plus the planner's own submit tool. */
import type { ExampleCatalog, NodeRegistry, ProcessingContext } from "../context.js";
import { Tool } from "./base-tool.js";
import { readFileSync } from "node:fs";

const DEFAULT_LIMIT = 5;

/** Shared with the planner below, so it stays here. */
function normalizeQuery(query: unknown): string {
  return String(query ?? "").trim().toLowerCase();
}

function pageOf<T>(items: readonly T[], cursor: number): { items: T[]; next: number | null } {
  const slice = items.slice(cursor, cursor + DEFAULT_LIMIT);
  return { items: slice, next: cursor + DEFAULT_LIMIT < items.length ? cursor + DEFAULT_LIMIT : null };
}

export class SearchNodesTool extends Tool {
  readonly name = "search_nodes";
  readonly description = `Search node types (up to ${DEFAULT_LIMIT} a page).`;
  readonly jsonSchema = { type: "object", properties: { query: { type: "string" }, cursor: { type: "integer" } } };

  constructor(
    private readonly registry: NodeRegistry,
    private readonly examples?: ExampleCatalog,
  ) {
    super();
  }

  async process(context: ProcessingContext, params: Record<string, unknown>): Promise<unknown> {
    const cursor = typeof params["cursor"] === "number" ? params["cursor"] : 0;
    const page = pageOf(this.find(params["query"]), cursor);
    if (params["all"] === true && page.next !== null) {
      const rest = (await this.process(context, { ...params, cursor: page.next })) as { types: string[] };
      return { types: [...page.items.map((m) => m.type), ...rest.types], user: context.userId };
    }
    const examples = this.examples ? await this.examples.list() : [];
    return { types: page.items.map((m) => m.type), examples: examples.length, user: context.userId };
  }

  private find(query: unknown) {
    return this.registry.search(normalizeQuery(query), 50);
  }

  /** Formats one type for the listing. */
  private label(type: string): string {
    return `<${type}>`;
  }
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
