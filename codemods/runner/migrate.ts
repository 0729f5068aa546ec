/**
 * The migrate engine behind `capkit migrate`: inventory → tool-class-to-capability per
 * namespace → the call-site codemods (codemods/index.ts) → validate → dry-run diff or atomic
 * apply (→ re-parse → optional type check, rolled back on new errors) → optional one commit
 * per namespace. Returns data (the --json contract plus detail); never prints or exits;
 * progress goes through `onProgress`. The planning pass is migrate-plan.ts, the checks around
 * it migrate-guards.ts.
 */
import { resolve } from "node:path";
import { scanInventory } from "../../inventory/index.js";
import type { InventoryResult } from "../../inventory/types.js";
import type { CapkitConfig } from "../../lib/config/index.js";
import { UsageError } from "../../lib/errors.js";
import type { FileChange, UnitResult } from "../plan.js";
import { applyPlan, nodeApplyFs, type ApplyFs } from "./apply.js";
import { stopIfInterrupted } from "./interrupt.js";
import { assertCapabilitiesDirFits } from "./capabilities-dir-guard.js";
import { acquireMigrateLock } from "./lock.js";
import { planDiff } from "./diff.js";
import { commitPaths, isGitRepo } from "./migrate-git.js";
import { assertParsedCallers, assertReadable, assertValidPlan, guardTree } from "./migrate-guards.js";
import { assertNoLinkImports, importsThroughLinks, linksToDeleted, type DanglingLink } from "./link-imports.js";
import { planMigration } from "./migrate-plan.js";
import type { NamespaceSummary } from "./namespace-summary.js";
import { selectedNamespaces } from "./select-namespaces.js";
import { assertMigrationFits } from "./size-guard.js";
import { newErrors, runTypecheck } from "./typecheck.js";
import { realChanges, validatePlan } from "./validate-plan.js";

export type { NamespaceRunField, NamespaceSummary } from "./namespace-summary.js";
export { NO_GIT_NOTICE } from "./migrate-guards.js";
export { MigrateInterruptedError, type InterruptedState } from "./interrupt.js";
export { knownNamespaces } from "./select-namespaces.js";

export interface MigrateProgress {
  readonly phase: "recover" | "inventory" | "plan" | "validate" | "typecheck" | "apply" | "commit";
  readonly namespace?: string;
  readonly done: number;
  readonly total: number;
}

export interface MigrateOptions {
  readonly root: string;
  /** Selected namespaces, or "all". */
  readonly namespaces: readonly string[] | "all";
  readonly config: CapkitConfig;
  /** Absolute path of the config file `config` was loaded from (seam exceptions migrate needs are written there when it is inside the root). */
  readonly configFile?: string | null;
  /** The config file sets codemods.capabilitiesDir itself (LoadedConfig.given), so its default's check is skipped. */
  readonly capabilitiesDirGiven?: boolean;
  readonly dryRun?: boolean;
  readonly allowDirty?: boolean;
  readonly typecheck?: boolean;
  readonly keepShims?: boolean;
  readonly commit?: boolean;
  readonly onProgress?: (event: MigrateProgress) => void;
  /** File operations for the apply (tests inject failures here). */
  readonly fs?: ApplyFs;
  /** A precomputed inventory (otherwise scanned). */
  readonly inventory?: InventoryResult;
  /** How to scan, when no `inventory` is given (default: scanInventory with `config`); awaited after the lock is taken. */
  readonly scan?: (root: string, config: CapkitConfig) => Promise<InventoryResult>;
  /** Apply in a folder that is not a git repository (no dirty check is possible there). */
  readonly noGit?: boolean;
  /** Plan even a namespace whose files look too large for the heap (--ignore-size-limit). */
  readonly ignoreSizeLimit?: boolean;
  /** The heap the size guard fits a plan into (default: this process's limit; tests inject a small one). */
  readonly heapLimitBytes?: number;
  /** Things the user must be told even when the run fails later (a rollback, a lost protection). */
  readonly onNotice?: (message: string) => void;
  /** Aborted on SIGINT/SIGTERM: the run stops between atomic steps (interrupt.ts), throwing MigrateInterruptedError. */
  readonly signal?: AbortSignal;
}

export interface MigrateResult {
  readonly root: string;
  readonly namespaces: NamespaceSummary[];
  readonly callSitesRewritten: number;
  readonly callSiteFiles: string[];
  readonly filesWritten: string[];
  readonly units: UnitResult[];
  readonly dryRun: boolean;
  readonly applied: boolean;
  readonly diff?: string;
  readonly recoveredInterruptedApply: boolean;
  readonly typecheck?: { readonly before: number; readonly after: number; readonly newErrors: string[] };
  readonly rolledBack?: string;
  readonly commits: string[];
  /** File links to files this run deletes (or, on a dry run, would delete): left pointing at nothing. */
  readonly danglingLinks: DanglingLink[];
}

export async function runMigration(opts: MigrateOptions): Promise<MigrateResult> {
  const root = resolve(opts.root);
  const lock = opts.dryRun ? null : acquireMigrateLock(root);
  try {
    return await migrateLocked(root, opts);
  } finally {
    lock?.release();
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Applies one batch's changes, type-checked when asked: false when the type check found new
 * errors (rolled back, said in `out.rolledBack`). A signal during the apply rolls back an apply
 * the type check has yet to judge (`stopRolledBack` then throws).
 */
function applyBatch(
  root: string,
  opts: MigrateOptions,
  fs: ApplyFs,
  changes: readonly FileChange[],
  out: Mutable<MigrateResult>,
  stopRolledBack: () => void,
): boolean {
  const before = opts.typecheck
    ? (opts.onProgress?.({ phase: "typecheck", done: 0, total: 2 }), runTypecheck(root))
    : undefined;
  opts.onProgress?.({ phase: "apply", done: 0, total: changes.length });
  const apply = applyPlan(root, changes, fs);
  if (before) {
    if (opts.signal?.aborted) {
      apply.rollback();
      stopRolledBack();
    }
    opts.onProgress?.({ phase: "typecheck", done: 1, total: 2 });
    const after = runTypecheck(root);
    const added = newErrors(before.errors, after.errors);
    out.typecheck = { before: before.errors.length, after: after.errors.length, newErrors: added };
    if (added.length) {
      apply.rollback();
      out.rolledBack = `the type check found ${added.length} new error${added.length > 1 ? "s" : ""}; the apply was rolled back`;
      return false;
    }
  }
  apply.commit();
  out.applied = true;
  return true;
}

async function migrateLocked(root: string, opts: MigrateOptions): Promise<MigrateResult> {
  const fs = opts.fs ?? nodeApplyFs;
  const dryRun = opts.dryRun ?? false;
  const recovered = guardTree(root, opts, fs);
  if (opts.commit && !isGitRepo(root))
    throw new UsageError("--commit needs a git repository", { hint: "run without --commit" });
  opts.onProgress?.({ phase: "inventory", done: 0, total: 1 });
  const scan = opts.scan ?? ((r: string, config: CapkitConfig) => scanInventory(r, { config }));
  const inventory = opts.inventory ?? (await scan(root, opts.config));
  assertReadable(inventory);
  assertCapabilitiesDirFits(root, opts.config.codemods.capabilitiesDir, opts.capabilitiesDirGiven ?? false, inventory);
  const all = opts.namespaces === "all";
  const selected = selectedNamespaces(root, inventory, opts);
  assertMigrationFits(root, inventory, selected, { limitBytes: opts.heapLimitBytes, force: opts.ignoreSizeLimit });
  const batches = opts.commit && !dryRun ? selected.map((ns) => [ns]) : [selected];
  const result: MigrateResult = {
    root,
    namespaces: [],
    callSitesRewritten: 0,
    callSiteFiles: [],
    filesWritten: [],
    units: [],
    dryRun,
    applied: false,
    recoveredInterruptedApply: recovered,
    commits: [],
    danglingLinks: [],
  };
  const out = result as Mutable<MigrateResult>;
  const applied: string[] = [];
  const stop = (rolledBack: readonly string[] = []) =>
    stopIfInterrupted(opts.signal, () => ({
      applied,
      commits: out.commits,
      rolledBack,
      remaining: selected.filter((ns) => !applied.includes(ns)),
    }));
  for (const [b, batch] of batches.entries()) {
    stop();
    const inv = b === 0 || opts.inventory ? inventory : await scan(root, opts.config);
    const planned = await planMigration(root, inv, opts, batch, all && b === batches.length - 1);
    assertParsedCallers(root, inv, planned.units, planned.changes);
    out.namespaces.push(...planned.namespaces);
    out.units.push(...planned.units);
    out.callSitesRewritten += planned.callSitesRewritten;
    out.callSiteFiles.push(...planned.callSiteFiles);
    opts.onProgress?.({ phase: "validate", done: 0, total: planned.changes.length });
    const { changes, problems: linkProblems } = realChanges(root, planned.changes);
    assertValidPlan([...linkProblems, ...validatePlan(root, changes)]);
    assertNoLinkImports(importsThroughLinks(planned.tree, planned.aliases, changes));
    out.filesWritten.push(...changes.map((c) => c.path));
    out.danglingLinks.push(...linksToDeleted(planned.aliases, changes));
    if (dryRun) {
      out.diff = (out.diff ?? "") + planDiff(changes);
      continue;
    }
    if (!changes.length) continue;
    if (!applyBatch(root, opts, fs, changes, out, () => stop(batch))) return result;
    applied.push(...batch);
    if (opts.commit) {
      opts.onProgress?.({ phase: "commit", namespace: batch[0], done: b, total: batches.length });
      out.commits.push(
        commitPaths(
          root,
          changes.map((c) => c.path),
          `capkit migrate: ${batch.join(", ")} namespace to capability modules`,
        ),
      );
    }
    if (b < batches.length - 1) stop();
  }
  return result;
}
