/**
 * Finds the import cycles that cross a seam, in one pass over the whole graph: strongly
 * connected components over init-time edges (value imports, re-exports, require — never
 * type-only edges or dynamic `import()`), then for every file of the guarded side in a mixed
 * component the shortest cycle through the other side. A cycle is async when a module in it
 * reaches a top-level await through static imports: the case that deadlocks an esbuild
 * bundle. Consumed by graph-cache.ts (for no-seam-cycle) and `capkit smoke`.
 */
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import { sideOf } from "../../lib/config/seam-sides.js";
import { isInitEdge } from "./import-facts.js";
import type { ModuleGraph } from "./import-graph.js";

export interface TopLevelAwaitSite {
  readonly file: string;
  readonly line: number;
}

export interface SeamCycle {
  readonly seam: string;
  /**
   * Files in import order; the last imports the first. Starts at a file of the guarded side.
   * When the shortest way out and the shortest way back share a file it appears twice (a
   * closed walk whose every step is a real import).
   */
  readonly files: readonly string[];
  /** Line of the first file's import of the second. */
  readonly line: number;
  /** The top-level await the cycle reaches, or null for a synchronous cycle. */
  readonly async: TopLevelAwaitSite | null;
}

type Adjacency = Map<string, string[]>;

export function initEdges(graph: ModuleGraph): Adjacency {
  const adj: Adjacency = new Map();
  for (const [file, node] of graph.nodes) {
    const out = new Set<string>();
    for (const e of node.edges) if (isInitEdge(e.record) && graph.nodes.has(e.to)) out.add(e.to);
    adj.set(file, [...out].sort());
  }
  return adj;
}

/** Tarjan's algorithm, iterative; components of size > 1 or with a self-edge. */
export function cyclicComponents(adj: Adjacency): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const start of adj.keys()) {
    if (index.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { v: string; i: number };
      const succ = adj.get(frame.v) ?? [];
      if (frame.i < succ.length) {
        const w = succ[frame.i++] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.v, Math.min(low.get(frame.v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.v, Math.min(low.get(parent.v) as number, low.get(frame.v) as number));
      if (low.get(frame.v) === index.get(frame.v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          comp.push(w);
        } while (w !== frame.v);
        if (comp.length > 1 || (adj.get(frame.v) ?? []).includes(frame.v)) out.push(comp.sort());
      }
    }
  }
  return out;
}

/** For every module, the top-level await it reaches through init edges (itself included), if any. */
export function asyncReach(graph: ModuleGraph, adj: Adjacency): Map<string, TopLevelAwaitSite> {
  const reverse = new Map<string, string[]>();
  for (const [from, tos] of adj) for (const to of tos) (reverse.get(to) ?? reverse.set(to, []).get(to))?.push(from);
  const reach = new Map<string, TopLevelAwaitSite>();
  const queue: string[] = [];
  for (const [file, node] of [...graph.nodes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (node.facts.topLevelAwait !== null) {
      reach.set(file, { file, line: node.facts.topLevelAwait });
      queue.push(file);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const file = queue[q] as string;
    const site = reach.get(file) as TopLevelAwaitSite;
    for (const importer of reverse.get(file) ?? []) {
      if (!reach.has(importer)) {
        reach.set(importer, site);
        queue.push(importer);
      }
    }
  }
  return reach;
}

/** Shortest path from `from` to any node satisfying `goal`, inside `allowed`; includes both ends. */
function shortestPath(
  adj: Adjacency,
  allowed: Set<string>,
  from: string,
  goal: (v: string) => boolean,
): string[] | null {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q] as string;
    for (const w of adj.get(v) ?? []) {
      if (!allowed.has(w)) continue;
      if (goal(w)) {
        const path = [w];
        for (let p: string | null = v; p !== null; p = parent.get(p) ?? null) path.push(p);
        return path.reverse();
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return null;
}

function edgeLine(graph: ModuleGraph, from: string, to: string): number {
  const edge = graph.nodes.get(from)?.edges.find((e) => e.to === to && isInitEdge(e.record));
  return edge?.record.line ?? 1;
}

export function findSeamCycles(graph: ModuleGraph, seams: readonly SeamDefinition[]): SeamCycle[] {
  const adj = initEdges(graph);
  const components = cyclicComponents(adj);
  const reach = asyncReach(graph, adj);
  const seen = new Set<string>();
  const cycles: SeamCycle[] = [];
  for (const seam of seams) {
    for (const comp of components) {
      const members = new Set(comp);
      const guarded = comp.filter((f) => sideOf(seam, f) === "from");
      if (guarded.length === 0 || !comp.some((f) => sideOf(seam, f) === "to")) continue;
      for (const start of guarded) {
        const out = shortestPath(adj, members, start, (v) => sideOf(seam, v) === "to");
        if (!out) continue;
        const back = shortestPath(adj, members, out[out.length - 1] as string, (v) => v === start);
        if (!back) continue;
        const files = [...out, ...back.slice(1, -1)];
        const key = `${seam.name}\0${canonical(files, seam).join("\0")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const ordered = canonical(files, seam);
        const async = ordered.map((f) => reach.get(f)).find((s) => s !== undefined) ?? null;
        cycles.push({
          seam: seam.name,
          files: ordered,
          line: edgeLine(graph, ordered[0] as string, ordered[1] ?? (ordered[0] as string)),
          async,
        });
      }
    }
  }
  return cycles;
}

/** Rotation that starts at the smallest file of the guarded side, so one cycle has one spelling. */
function canonical(files: readonly string[], seam: SeamDefinition): string[] {
  let best = -1;
  files.forEach((f, i) => {
    if (sideOf(seam, f) === "from" && (best === -1 || f < (files[best] as string))) best = i;
  });
  const at = Math.max(best, 0);
  return [...files.slice(at), ...files.slice(0, at)];
}

export function formatCycle(files: readonly string[]): string {
  return [...files, files[0]].join(" → ");
}
