/**
 * Turns the saved results into what the page shows: the per-namespace progress rows
 * (migrated / refused / remaining) and the per-class ledger with a status per class.
 * A class counts as migrated when the migrate result converted its wire name, refused when
 * migrate refused it (with the reason), remaining when it is still capability-shaped, and
 * "stays" for the kinds that are not migration targets. Converted classes that the saved
 * inventory no longer contains (inventory re-run after the migration) still get a row.
 */
import type { ClassRecord, Kind } from "../../inventory/types.js";
import type { DashboardInputs } from "./dashboard-inputs.js";

export type LedgerStatus = "migrated" | "refused" | "remaining" | "stays";

export interface LedgerRow {
  readonly name: string;
  readonly wireName: string | null;
  readonly kind: Kind | "capability";
  readonly namespace: string | null;
  readonly category: string | null;
  readonly location: string;
  readonly evidence: readonly string[];
  readonly blockers: readonly string[];
  readonly status: LedgerStatus;
  /** The refusal reason, when refused. */
  readonly reason: string | null;
}

export interface NamespaceRow {
  readonly namespace: string;
  readonly migrated: number;
  readonly refused: number;
  readonly remaining: number;
}

function refusalKey(name: string | null, file: string): string {
  return `${name ?? ""}\u0000${file}`;
}

export function buildLedger(inputs: DashboardInputs): LedgerRow[] {
  const converted = new Map<string, string>(); // wire name → namespace
  const refused = new Map<string, string>(); // class+file → reason
  const refusedByName = new Map<string, string>();
  for (const ns of inputs.migrate?.namespaces ?? []) {
    for (const wire of ns.converted) converted.set(wire, ns.namespace);
    for (const r of ns.refused) {
      refused.set(refusalKey(r.class, r.file), r.reason);
      refusedByName.set(r.class, r.reason);
    }
  }
  const rows: LedgerRow[] = inputs.inventory.classes.map((k: ClassRecord) => {
    const reason = refused.get(refusalKey(k.name, k.file)) ?? (k.name ? refusedByName.get(k.name) : undefined);
    const isMigrated = k.wireName !== null && converted.has(k.wireName);
    const status: LedgerStatus = isMigrated
      ? "migrated"
      : reason !== undefined
        ? "refused"
        : k.kind === "capability"
          ? "remaining"
          : "stays";
    return {
      name: k.name ?? "(anonymous class)",
      wireName: k.wireName,
      kind: k.kind,
      namespace: k.namespace,
      category: k.category,
      location: `${k.file}:${k.line}`,
      evidence: k.evidence,
      blockers: k.blockers.map((b) => `${b.code}: ${b.message} (${b.file}:${b.line})`),
      status,
      reason: status === "refused" ? (reason ?? null) : null,
    };
  });
  const present = new Set(inputs.inventory.classes.map((k) => k.wireName).filter((w): w is string => w !== null));
  for (const [wire, namespace] of converted) {
    if (present.has(wire)) continue;
    rows.push({
      name: wire,
      wireName: wire,
      kind: "capability",
      namespace,
      category: null,
      location: "(converted to a capability module)",
      evidence: [`converted by capkit migrate --namespace ${namespace}`],
      blockers: [],
      status: "migrated",
      reason: null,
    });
  }
  return sortLedger(rows);
}

const STATUS_RANK: Record<LedgerStatus, number> = { remaining: 0, refused: 1, migrated: 2, stays: 3 };

/** Work left first: remaining, refused, migrated, then the kinds that stay; by namespace and name within. */
export function sortLedger(rows: readonly LedgerRow[]): LedgerRow[] {
  return [...rows].sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      (a.namespace ?? "~").localeCompare(b.namespace ?? "~") ||
      a.name.localeCompare(b.name),
  );
}

export function buildNamespaces(ledger: readonly LedgerRow[]): NamespaceRow[] {
  const byNs = new Map<string, { migrated: number; refused: number; remaining: number }>();
  for (const row of ledger) {
    if (row.status === "stays") continue;
    const ns = row.namespace ?? "(none)";
    const entry = byNs.get(ns) ?? { migrated: 0, refused: 0, remaining: 0 };
    entry[row.status]++;
    byNs.set(ns, entry);
  }
  return [...byNs.entries()]
    .map(([namespace, c]) => ({ namespace, ...c }))
    .sort((a, b) => a.namespace.localeCompare(b.namespace));
}

export interface RefusalGroup {
  /** The unit code; "(no code)" for results saved before refusals carried one. */
  readonly code: string;
  readonly classes: readonly { readonly name: string; readonly location: string; readonly namespace: string }[];
  /** The first refusal's fix: what unblocks this kind of refusal. */
  readonly fix: string | null;
}

/** Refusals of the saved migrate result grouped by code, largest group first. */
export function refusalsByCode(inputs: DashboardInputs): RefusalGroup[] {
  const groups = new Map<string, { classes: RefusalGroup["classes"][number][]; fix: string | null }>();
  for (const ns of inputs.migrate?.namespaces ?? []) {
    for (const r of ns.refused) {
      const code = r.code ?? "(no code)";
      const g = groups.get(code) ?? { classes: [], fix: r.fix ?? null };
      g.classes.push({
        name: r.class,
        location: r.line === undefined ? r.file : `${r.file}:${r.line}`,
        namespace: ns.namespace,
      });
      groups.set(code, g);
    }
  }
  return [...groups]
    .map(([code, g]) => ({ code, ...g }))
    .sort((a, b) => b.classes.length - a.classes.length || (a.code < b.code ? -1 : 1));
}
