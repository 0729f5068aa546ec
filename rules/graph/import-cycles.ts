/**
 * Every import cycle of a module graph, seam or not: for each circular dependency (an
 * init-time edge a → b whose target leads back to a — the unit dependency-cruiser's
 * `no-circular` reports), the shortest cycle through that edge; cycles found through several
 * of their edges are listed once. Edges are seam-cycles.ts's init edges: value imports,
 * re-exports and require, never type-only imports or dynamic `import()`. A cycle is async when
 * its modules reach a top-level await. Consumed by the no-async-cycle rule, `capkit lint`
 * (`--cycles` lists them all) and the dependency-cruiser agreement test and bench.
 */
import type { SeamDefinition } from "../../lib/config/seam-section.js";
import { sideOf } from "../../lib/config/seam-sides.js";
import { isInitEdge } from "./import-facts.js";
import type { ModuleGraph } from "./import-graph.js";
import { asyncReach, cyclicComponents, initEdges, type TopLevelAwaitSite } from "./seam-cycles.js";

export interface ImportCycle {
  /** Files in import order, the last importing the first; starts at the smallest path. */
  readonly files: readonly string[];
  /** Line of the first file's import of the second (of itself for a self-import). */
  readonly line: number;
  /** The top-level await its modules reach, or null for a synchronous cycle. */
  readonly async: TopLevelAwaitSite | null;
}

/** Breadth-first parents from `start` inside `members`: the shortest way to every member. */
function bfsParents(
  adj: ReadonlyMap<string, readonly string[]>,
  members: ReadonlySet<string>,
  start: string,
): Map<string, string | null> {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q] as string;
    for (const w of adj.get(v) ?? []) {
      if (members.has(w) && !parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return parent;
}

/** Rotation that starts at the smallest file, so a cycle has one spelling. */
export function canonicalCycle(files: readonly string[]): string[] {
  let at = 0;
  files.forEach((f, i) => {
    if (f < (files[at] as string)) at = i;
  });
  return [...files.slice(at), ...files.slice(0, at)];
}

function edgeLine(graph: ModuleGraph, from: string, to: string): number {
  const edge = graph.nodes.get(from)?.edges.find((e) => e.to === to && isInitEdge(e.record));
  return edge?.record.line ?? 1;
}

export function findImportCycles(graph: ModuleGraph): ImportCycle[] {
  const adj = initEdges(graph);
  const reach = asyncReach(graph, adj);
  const seen = new Set<string>();
  const cycles: ImportCycle[] = [];
  for (const comp of cyclicComponents(adj)) {
    const members = new Set(comp);
    // Every member of a component reaches every other, so they share one await site.
    const async = comp.map((f) => reach.get(f)).find((s) => s !== undefined) ?? null;
    for (const to of comp) {
      const parent = bfsParents(adj, members, to);
      for (const from of comp) {
        if (!(adj.get(from) ?? []).includes(to)) continue;
        const back: string[] = []; // to … from, by the shortest way
        for (let v: string | null = from; v !== null; v = parent.get(v) ?? null) back.unshift(v);
        const files = canonicalCycle(from === to ? [from] : [from, ...back.slice(0, -1)]);
        const key = files.join("\0");
        if (seen.has(key)) continue;
        seen.add(key);
        cycles.push({ files, line: edgeLine(graph, files[0] as string, files[1] ?? (files[0] as string)), async });
      }
    }
  }
  return cycles.sort((a, b) => compareCycles(a.files, b.files));
}

function compareCycles(a: readonly string[], b: readonly string[]): number {
  const x = a.join("\0");
  const y = b.join("\0");
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True when the cycle holds files of both sides of a seam: no-seam-cycle's to report. */
export function crossesSeam(files: readonly string[], seams: readonly SeamDefinition[]): boolean {
  return seams.some(
    (seam) => files.some((f) => sideOf(seam, f) === "from") && files.some((f) => sideOf(seam, f) === "to"),
  );
}

/** The circular dependencies the cycles are made of, as "from → to" strings, sorted. */
export function circularEdges(cycles: readonly ImportCycle[]): string[] {
  const out = new Set<string>();
  for (const c of cycles) c.files.forEach((f, i) => out.add(`${f} → ${c.files[(i + 1) % c.files.length]}`));
  return [...out].sort();
}
