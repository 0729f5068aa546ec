/**
 * The capability catalog: what a session can reach, as data — modules, their exports,
 * one-line descriptions and categories — for prompt sections, a guest `capabilities()` call
 * and a resource endpoint. Reads eager specs only (loads nothing). Consumed by hosts.
 */
import type { PermissionCategory } from "./permission-types.js";
import type { CapabilityRegistry } from "./registry.js";

export interface CatalogExport {
  readonly name: string;
  readonly summary: string;
  readonly category: PermissionCategory;
}
export interface CatalogModule {
  readonly module: string;
  readonly exports: readonly CatalogExport[];
}
export interface CapabilityCatalog {
  readonly modules: readonly CatalogModule[];
}

/** First line, first sentence, at most 160 characters. */
export function oneLine(description: string): string {
  const line = (description ?? "").trim().split(/\r?\n/)[0] ?? "";
  const sentence = /^(.*?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence;
}

/** Modules in table order (only `mounted` ones when given), exports sorted by name. */
export function capabilityCatalog(registry: CapabilityRegistry, mounted?: readonly string[]): CapabilityCatalog {
  const keys = mounted ? registry.modules().filter((k) => mounted.includes(k)) : registry.modules();
  return {
    modules: keys.map((module) => ({
      module,
      exports: [...(registry.moduleSpecs(module) ?? [])]
        .filter((s) => registry.capabilityModuleOf(s.name) === module)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((s) => ({ name: s.name, summary: oneLine(s.description), category: s.category })),
    })),
  };
}
