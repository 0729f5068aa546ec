/**
 * The cycles an entry point can reach, for `capkit smoke` to name when a bundle hangs: seam
 * cycles first, then any other async cycle — the ones no-async-cycle reports (one per circular
 * dependency, import-cycles.ts) — restricted to modules reachable from the entry through any
 * import, dynamic ones included.
 */
import type { ModuleGraph } from "./import-graph.js";
import { findImportCycles } from "./import-cycles.js";
import type { SeamCycle, TopLevelAwaitSite } from "./seam-cycles.js";

export interface NamedCycle {
  /** Seam name, or null for a cycle that crosses no seam. */
  readonly seam: string | null;
  readonly files: readonly string[];
  readonly async: TopLevelAwaitSite | null;
}

export function reachableFrom(graph: ModuleGraph, entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let q = 0; q < queue.length; q++) {
    for (const e of graph.nodes.get(queue[q] as string)?.edges ?? []) {
      if (e.record.typeOnly || seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
    }
  }
  return seen;
}

export function cyclesFromEntry(graph: ModuleGraph, seamCycles: readonly SeamCycle[], entry: string): NamedCycle[] {
  const reach = reachableFrom(graph, entry);
  const out: NamedCycle[] = seamCycles
    .filter((c) => c.files.some((f) => reach.has(f)))
    .sort((a, b) => Number(b.async !== null) - Number(a.async !== null))
    .map((c) => ({ seam: c.seam, files: c.files, async: c.async }));
  const covered = new Set(out.flatMap((c) => c.files));
  for (const c of findImportCycles(graph)) {
    if (!c.async || !c.files.some((f) => reach.has(f)) || c.files.some((f) => covered.has(f))) continue;
    out.push({ seam: null, files: c.files, async: c.async });
  }
  return out;
}
