/**
 * Capability module "nodes": the implementations behind ./nodes.specs.ts. Each impl receives the
 * per-run CapabilityRun (context, gate and the fields old constructors took) and the arguments.
 * Loaded lazily by registry.ts. Written by `capkit migrate`; edit freely (re-runs only add).
 */
import type { CapabilityModule, CapabilityRun } from "capkit/runtime";
import type { ProcessingContext } from "../context.js";
import { normalizeQuery } from "../tools/nodes-tools.js";
import { DEFAULT_LIMIT, searchNodesSpec } from "./nodes.specs.js";

function pageOf<T>(items: readonly T[], cursor: number): { items: T[]; next: number | null } {
  const slice = items.slice(cursor, cursor + DEFAULT_LIMIT);
  return { items: slice, next: cursor + DEFAULT_LIMIT < items.length ? cursor + DEFAULT_LIMIT : null };
}

function find(run: CapabilityRun<ProcessingContext>, query: unknown) {
  return requireRunField(run.nodeRegistry, "nodeRegistry", "search_nodes").search(normalizeQuery(query), 50);
}

/** Formats one type for the listing. */
function label(type: string): string {
  return `<${type}>`;
}

async function searchNodesImpl(run: CapabilityRun<ProcessingContext>, params: Record<string, unknown>): Promise<unknown> {
  const cursor = typeof params["cursor"] === "number" ? params["cursor"] : 0;
  const page = pageOf(find(run, params["query"]), cursor);
  if (params["all"] === true && page.next !== null) {
    const rest = (await searchNodesImpl(run, { ...params, cursor: page.next })) as { types: string[] };
    return { types: [...page.items.map((m) => m.type), ...rest.types], user: run.context.userId };
  }
  const examples = run.examples ? await run.examples.list() : [];
  return { types: page.items.map((m) => m.type), examples: examples.length, user: run.context.userId };
}

/** A run field the old constructor required: fail clearly when the host did not put it on the run. */
function requireRunField<T>(value: T | undefined, field: string, capability: string): T {
  if (value === undefined) throw new Error(`${capability} needs run.${field}: build the CapabilityRun with it (it used to be a constructor argument)`);
  return value;
}

export const module: CapabilityModule<ProcessingContext> = {
  module: "nodes",
  exports: [
    { spec: searchNodesSpec, impl: searchNodesImpl },
  ],
};
