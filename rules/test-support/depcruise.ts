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
 * Circular dependencies are read per dependency from the cruise's modules (dependency-cruiser's
 * summary keeps one violation per set of cycle members).
 */
export interface DepcruiseCycles {
  /** Every dependency the rule flags, as "from → to", sorted. */
  readonly edges: readonly string[];
  /** The cycle dependency-cruiser names for each of them: from first, in import order. */
  readonly cycles: readonly (readonly string[])[];
  /** Every resolved dependency it extracted that is not type-only ("from → to"): its own graph. */
  readonly dependencies: readonly string[];
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
    dependencyTypes?: string[];
    rules?: { name: string }[];
    cycle?: { name: string }[];
  }[];
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
  const dependencies = new Set<string>();
  for (const m of modules) {
    for (const d of m.dependencies) {
      if (!d.dependencyTypes?.includes("type-only")) dependencies.add(`${m.source} → ${d.resolved}`);
      if (d.valid !== false || !d.rules?.some((r) => r.name === NO_CIRCULAR.name)) continue;
      edges.add(`${m.source} → ${d.resolved}`);
      cycles.push([m.source, ...(d.cycle ?? []).map((c) => c.name).slice(0, -1)]);
    }
  }
  return { edges: [...edges].sort(), cycles, dependencies: [...dependencies].sort() };
}
