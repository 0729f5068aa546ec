/**
 * The migrate result as saved for the dashboard (.capkit/results/migrate.json). Teams migrate
 * one namespace per pull request, so each run's namespaces are merged into what earlier runs
 * saved (a re-run of a namespace replaces its entry) instead of overwriting the file: the
 * dashboard's progress bars then show every namespace migrated so far.
 */

import type { SavedMigrate, SavedMigrateNamespace } from "../../lib/saved-results.js";

export type { SavedMigrate };
/** One namespace's entry in the ledger (the shape lives in lib/saved-results.ts, shared with the dashboard). */
export type SavedNamespace = SavedMigrateNamespace;

function isSavedMigrate(value: unknown): value is SavedMigrate {
  return typeof value === "object" && value !== null && Array.isArray((value as SavedMigrate).namespaces);
}

/** `current` over `previous`: namespaces by name (sorted), call sites summed over runs. */
export function mergeSavedMigrate(previous: unknown, current: SavedMigrate): SavedMigrate {
  if (!isSavedMigrate(previous)) return current;
  const byName = new Map<string, SavedNamespace>();
  for (const ns of previous.namespaces) byName.set(ns.namespace, ns);
  for (const ns of current.namespaces) byName.set(ns.namespace, ns);
  const namespaces = [...byName.values()].sort((a, b) =>
    a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0,
  );
  const earlier = typeof previous.callSitesRewritten === "number" ? previous.callSitesRewritten : 0;
  return { ...current, namespaces, callSitesRewritten: earlier + (current.callSitesRewritten ?? 0) };
}
