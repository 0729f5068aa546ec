/**
 * The counters (docs/architecture.md) from the classified records: direct `extends Tool`
 * occurrences and files, indirect subclasses apart, per kind (every listed class), the two
 * headline counters, and capability-shaped classes per namespace.
 */
import { KINDS, type ClassRecord, type Counters, type Kind } from "../types.js";

export function countClasses(classes: readonly ClassRecord[]): Counters {
  const direct = classes.filter((c) => c.direct);
  const indirect = classes.filter((c) => !c.direct);
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const byNamespace: Record<string, number> = {};
  for (const c of classes) {
    byKind[c.kind]++;
    if (c.kind === "capability") {
      const ns = c.namespace ?? "(none)";
      byNamespace[ns] = (byNamespace[ns] ?? 0) + 1;
    }
  }
  return {
    extendsTool: { occurrences: direct.length, files: new Set(direct.map((c) => c.file)).size },
    indirect: { occurrences: indirect.length, files: new Set(indirect.map((c) => c.file)).size },
    capabilityShaped: byKind.capability,
    loopProtocol: byKind["loop-protocol"],
    byKind,
    byNamespace: Object.fromEntries(Object.entries(byNamespace).sort(([a], [b]) => a.localeCompare(b))),
  };
}
