/**
 * The capability registry: one table `moduleKey → { loader, specs }`. Specs are eager, so
 * spec lookups are synchronous and a belt can be assembled without importing anything;
 * implementations load lazily, one owning module at a time, once (a failed load is retried on
 * the next call, never cached). Also exposes the drift checks and the category snapshot.
 * Consumed by runs, adapters, the sandbox dispatcher, catalogs and the migrated registry.ts.
 */
import type { PermissionCategory } from "./permission-types.js";
import { moduleDrift, specDrift, type DriftProblem } from "./drift.js";
import type { CapabilityExport, CapabilityImpl, CapabilityLookup, CapabilityModule, CapabilitySpec } from "./types.js";

export interface CapabilityTableEntry {
  readonly loader: () => Promise<CapabilityModule>;
  readonly specs: readonly CapabilitySpec[];
}
export type CapabilityTable = Readonly<Record<string, CapabilityTableEntry>>;

export interface CapabilityRegistry extends CapabilityLookup {
  capabilitySpec(name: string): CapabilitySpec | undefined;
  listCapabilitySpecs(): CapabilitySpec[];
  /** The module key that owns a wire name, or undefined. */
  capabilityModuleOf(name: string): string | undefined;
  /** Specs declared by one module (eager), or undefined for an unknown key. */
  moduleSpecs(moduleKey: string): readonly CapabilitySpec[] | undefined;
  loadModule(moduleKey: string): Promise<CapabilityModule>;
  loadCapabilityImpl(name: string): Promise<CapabilityImpl | undefined>;
  capabilityForName(name: string): Promise<CapabilityExport | undefined>;
  modules(): string[];
  /** Keys whose loader has resolved at least once (proves laziness in tests). */
  loadedModules(): string[];
  /** Spec-only drift: synchronous, loads nothing. */
  checkSpecDrift(): DriftProblem[];
  /** Spec drift plus every module loaded and compared with its eager specs. */
  checkDrift(): Promise<DriftProblem[]>;
  /** name → category, keys sorted. */
  categorySnapshot(): Record<string, PermissionCategory>;
}

/** Stable text for a committed snapshot file: sorted keys, two-space JSON, trailing newline. */
export function formatCategorySnapshot(snapshot: Readonly<Record<string, string>>): string {
  const sorted = Object.fromEntries(
    Object.keys(snapshot)
      .sort()
      .map((k) => [k, snapshot[k]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

export class CapabilityLoadError extends Error {
  constructor(
    message: string,
    readonly moduleKey: string,
    readonly capability?: string,
  ) {
    super(message);
    this.name = "CapabilityLoadError";
  }
}

/** Which module declares each capability name (the first declaration wins). */
function specOwners(table: CapabilityTable): Map<string, { module: string; spec: CapabilitySpec }> {
  const owner = new Map<string, { module: string; spec: CapabilitySpec }>();
  for (const key of Object.keys(table)) {
    for (const spec of table[key]?.specs ?? []) {
      if (typeof spec?.name === "string" && !owner.has(spec.name)) owner.set(spec.name, { module: key, spec });
    }
  }
  return owner;
}

/** The declared specs' drift plus each module's against what it implements (every module loaded). */
async function loadedDrift(
  table: CapabilityTable,
  loadModule: (key: string) => Promise<CapabilityModule>,
): Promise<ReturnType<typeof specDrift>> {
  const problems = specDrift(table);
  for (const key of Object.keys(table)) {
    const entry = table[key];
    if (!entry || !Array.isArray(entry.specs)) continue;
    try {
      problems.push(...moduleDrift(key, entry.specs, await loadModule(key)));
    } catch (err) {
      problems.push({
        code: "module-load-failed",
        module: key,
        message: `module "${key}" failed to load: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  }
  return problems;
}

export function createCapabilityRegistry(table: CapabilityTable): CapabilityRegistry {
  const keys = Object.keys(table);
  const owner = specOwners(table);
  const pending = new Map<string, Promise<CapabilityModule>>();
  const loaded = new Set<string>();

  function loadModule(moduleKey: string): Promise<CapabilityModule> {
    const entry = Object.prototype.hasOwnProperty.call(table, moduleKey) ? table[moduleKey] : undefined;
    if (!entry || typeof entry.loader !== "function") {
      return Promise.reject(
        new CapabilityLoadError(`No capability module "${moduleKey}" in the registry table`, moduleKey),
      );
    }
    let p = pending.get(moduleKey);
    if (!p) {
      p = Promise.resolve()
        .then(() => entry.loader())
        .then((m) => {
          loaded.add(moduleKey);
          return m;
        });
      p.catch(() => pending.delete(moduleKey)); // retried next time, never cached
      pending.set(moduleKey, p);
    }
    return p;
  }

  async function capabilityForName(name: string): Promise<CapabilityExport | undefined> {
    const own = owner.get(name);
    if (!own) return undefined;
    let mod: CapabilityModule;
    try {
      mod = await loadModule(own.module);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new CapabilityLoadError(
        `Loading capability module "${own.module}" for "${name}" failed: ${why}`,
        own.module,
        name,
      );
    }
    const exp = (Array.isArray(mod?.exports) ? mod.exports : []).find((e) => e?.spec?.name === name);
    if (!exp || typeof exp.impl !== "function") {
      throw new CapabilityLoadError(
        `Capability "${name}" is declared by module "${own.module}" but its module does not implement it (run checkDrift())`,
        own.module,
        name,
      );
    }
    return { spec: own.spec, impl: exp.impl };
  }

  return {
    capabilitySpec: (name) => owner.get(name)?.spec,
    listCapabilitySpecs: () => [...owner.values()].map((o) => o.spec),
    capabilityModuleOf: (name) => owner.get(name)?.module,
    moduleSpecs: (key) => (Object.prototype.hasOwnProperty.call(table, key) ? table[key]?.specs : undefined),
    loadModule,
    loadCapabilityImpl: async (name) => (await capabilityForName(name))?.impl,
    capabilityForName,
    modules: () => [...keys],
    loadedModules: () => keys.filter((k) => loaded.has(k)),
    checkSpecDrift: () => specDrift(table),
    checkDrift: () => loadedDrift(table, loadModule),
    categorySnapshot() {
      const names = [...owner.keys()].sort();
      return Object.fromEntries(names.map((n) => [n, owner.get(n)?.spec.category as PermissionCategory]));
    },
  };
}
