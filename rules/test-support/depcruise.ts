/**
 * dependency-cruiser's `no-circular`, set up to mean what capkit's cycles mean, for the
 * agreement test and `npm run bench -- lint-real`. The settings (documented in
 * rules/docs/no-async-cycle.md):
 * - `tsPreCompilationDeps: true`: dependencies come from the TypeScript AST, so `import type`,
 *   `export type … from` and all-inline-`type` imports are marked "type-only" by the same
 *   syntax capkit's scanner reads; the rule ignores them (`dependencyTypesNot`, and `viaOnly`
 *   for the rest of the cycle) — they are erased before anything runs.
 * - `exclude.dynamic: true`: an `import()` runs after initialisation and never closes a cycle.
 * - the same files capkit lints: no node_modules, build output, .capkit or declaration files
 *   (graph/list-files.ts's ALWAYS_IGNORED, as a path pattern).
 *
 * The unit both tools are compared on is the circular dependency: a value dependency a → b
 * (not type-only, not `import()`) that lies on some cycle of value dependencies. Besides what
 * the rule flags, this returns that set computed from dependency-cruiser's own extracted
 * dependencies (`onCycle`, by strongly connected components written here, independent of
 * capkit's graph code), and for each member the rule does not flag, why (`missed`):
 * - "search": dependency-cruiser marks it `circular: false` — its cycle search (a depth-first
 *   walk whose visited set is shared across branches, which drops any path through the
 *   dependency's own target) found no cycle although one exists;
 * - "viaOnly": it found one cycle, through a type-only dependency, and `viaOnly` judges that
 *   one cycle only, although another cycle of value dependencies exists.
 * Anything else is "unexplained" (none so far). rules/__fixtures__/depcruise-misses/
 * reproduces both with five and four files.
 */
export type MissReason = "search" | "viaOnly" | "unexplained";

export interface DepcruiseCycles {
  /** Every dependency the rule flags, as "from → to", sorted. */
  readonly edges: readonly string[];
  /** The cycle dependency-cruiser names for each of them: from first, in import order. */
  readonly cycles: readonly (readonly string[])[];
  /** Every resolved dependency it extracted that is not type-only ("from → to"): its own graph. */
  readonly dependencies: readonly string[];
  /** The value dependencies that lie on a cycle of `dependencies`, sorted. */
  readonly onCycle: readonly string[];
  /** Members of `onCycle` the rule does not flag, with why, sorted by dependency. */
  readonly missed: readonly { readonly edge: string; readonly reason: MissReason }[];
}

const EXCLUDE = "(^|/)(node_modules|dist|build|out|coverage|\\.capkit|\\.git|\\.next)/|\\.d\\.[cm]?ts$";

export const NO_CIRCULAR = {
  name: "no-circular",
  severity: "error",
  from: {},
  to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
} as const;

interface CruisedModule {
  source: string;
  dependencies: {
    resolved: string;
    valid: boolean;
    circular?: boolean;
    dependencyTypes?: string[];
    rules?: { name: string }[];
    cycle?: { name: string; dependencyTypes?: string[] }[];
  }[];
}

/** Value dependencies whose two ends share a strongly connected component (Tarjan, iterative), plus self-imports. */
export function dependenciesOnCycles(pairs: readonly (readonly [string, string])[]): Set<string> {
  const adj = new Map<string, string[]>();
  for (const [from, to] of pairs) (adj.get(from) ?? adj.set(from, []).get(from))?.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const comp = new Map<string, number>();
  const stack: string[] = [];
  let next = 0;
  let comps = 0;
  for (const start of adj.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    while (work.length > 0) {
      const top = work[work.length - 1] as [string, number];
      const [v, i] = top;
      const out = adj.get(v) ?? [];
      if (i < out.length) {
        top[1]++;
        const w = out[i] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          work.push([w, 0]);
        } else if (!comp.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(v) as number));
      if (low.get(v) === index.get(v)) {
        for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) comp.set(w, comps);
        comps++;
      }
    }
  }
  const out = new Set<string>();
  for (const [from, to] of pairs) if (from === to || comp.get(from) === comp.get(to)) out.add(`${from} → ${to}`);
  return out;
}

function missReason(d: CruisedModule["dependencies"][number]): MissReason {
  if (!d.circular) return "search";
  return d.cycle?.some((c) => c.dependencyTypes?.includes("type-only")) ? "viaOnly" : "unexplained";
}

/** Run dependency-cruiser over `dirs` (relative to `root`) and return what `no-circular` flags. */
export async function depcruiseCycles(root: string, dirs: readonly string[]): Promise<DepcruiseCycles> {
  const { cruise } = await import("dependency-cruiser");
  const options = {
    baseDir: root,
    validate: true,
    tsPreCompilationDeps: true,
    exclude: { path: EXCLUDE, dynamic: true },
    ruleSet: { forbidden: [NO_CIRCULAR] },
  };
  const resolve = {
    extensionAlias: { ".js": [".ts", ".tsx", ".js"], ".mjs": [".mts", ".mjs"], ".cjs": [".cts", ".cjs"] },
  };
  const result = await cruise([...dirs], options as never, resolve as never);
  const modules = (result.output as { modules: CruisedModule[] }).modules;
  const edges = new Set<string>();
  const cycles: string[][] = [];
  const pairs: [string, string][] = [];
  const verdicts = new Map<string, MissReason | "flagged">();
  for (const m of modules) {
    for (const d of m.dependencies) {
      const edge = `${m.source} → ${d.resolved}`;
      if (d.dependencyTypes?.includes("type-only")) continue;
      pairs.push([m.source, d.resolved]);
      const flagged = d.valid === false && d.rules?.some((r) => r.name === NO_CIRCULAR.name) === true;
      verdicts.set(edge, flagged ? "flagged" : missReason(d));
      if (!flagged) continue;
      edges.add(edge);
      cycles.push([m.source, ...(d.cycle ?? []).map((c) => c.name).slice(0, -1)]);
    }
  }
  const onCycle = dependenciesOnCycles(pairs);
  const missed = [...onCycle]
    .filter((e) => verdicts.get(e) !== "flagged")
    .sort()
    .map((edge) => ({ edge, reason: verdicts.get(edge) as MissReason }));
  const dependencies = [...new Set(pairs.map(([a, b]) => `${a} → ${b}`))].sort();
  return { edges: [...edges].sort(), cycles, dependencies, onCycle: [...onCycle].sort(), missed };
}
