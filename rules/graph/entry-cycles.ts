/**
 * The cycles an entry point can reach, for `capkit smoke` to name when a bundle hangs: seam
 * cycles first, then any other async cycle (any cycle whose modules reach a top-level await),
 * restricted to modules reachable from the entry through any import, dynamic ones included.
 */
import type { ModuleGraph } from "./module-graph.js";
import { asyncReach, cyclicComponents, initEdges, type SeamCycle, type TopLevelAwaitSite } from "./seam-cycles.js";

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

/** Shortest cycle through `start` along init edges inside its component. */
function cycleThrough(adj: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q] as string;
    for (const w of adj.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0] as string) as string);
        return path;
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

export function cyclesFromEntry(graph: ModuleGraph, seamCycles: readonly SeamCycle[], entry: string): NamedCycle[] {
  const reach = reachableFrom(graph, entry);
  const out: NamedCycle[] = seamCycles
    .filter((c) => c.files.some((f) => reach.has(f)))
    .sort((a, b) => Number(b.async !== null) - Number(a.async !== null))
    .map((c) => ({ seam: c.seam, files: c.files, async: c.async }));
  const covered = new Set(out.flatMap((c) => c.files));
  const adj = initEdges(graph);
  const asyncSites = asyncReach(graph, adj);
  for (const comp of cyclicComponents(adj)) {
    if (!comp.some((f) => reach.has(f)) || comp.some((f) => covered.has(f))) continue;
    const site = comp.map((f) => asyncSites.get(f)).find((s) => s !== undefined);
    if (!site) continue;
    out.push({ seam: null, files: cycleThrough(adj, new Set(comp), comp[0] as string), async: site });
  }
  return out;
}
