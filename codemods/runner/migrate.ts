/**
 * The migrate engine behind `capkit migrate`: inventory → tool-class-to-capability per
 * namespace → the call-site codemods (codemods/index.ts) → validate → dry-run diff or atomic
 * apply (→ re-parse → optional type check, rolled back on new errors) → optional one commit
 * per namespace. Returns data (the --json contract plus detail); never prints or exits;
 * progress goes through `onProgress`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { scanInventory } from "../../inventory/index.js";
import { isUnreadableProblem } from "../../inventory/index.js";
import type { InventoryResult } from "../../inventory/types.js";
import type { CapkitConfig } from "../../lib/config/index.js";
import { CapkitError, EnvironmentError, UsageError } from "../../lib/errors.js";
import { unscannedCount, unscannedPaths } from "../../lib/unscanned.js";
import { CODEMODS } from "../index.js";
import type { CodemodContext } from "../codemod.js";
import { VirtualTree, type CreatedRunField, type FileChange, type UnitResult } from "../plan.js";
import type { UnitCode } from "../unit-codes.js";
import { applyPlan, nodeApplyFs, type ApplyFs } from "./apply.js";
import { findJournal, interruptedMigrateError, removeFinishedJournals, rollbackJournal } from "./journal.js";
import { acquireMigrateLock } from "./lock.js";
import { planDiff } from "./diff.js";
import { commitPaths, dirtyPaths, isGitRepo } from "./git.js";
import { newErrors, runTypecheck } from "./typecheck.js";
import { realChanges, validatePlan } from "./validate.js";
import { listTreeFiles } from "./tree-files.js";

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
  /** Things the user must be told even when the run fails later (a rollback, a lost protection). */
  readonly onNotice?: (message: string) => void;
}

export interface NamespaceSummary {
  readonly namespace: string;
  readonly converted: string[];
  readonly refused: { class: string; file: string; line: number; code: UnitCode; reason: string; fix: string }[];
  readonly skipped: { class: string; file: string; code?: UnitCode; reason: string }[];
  /** Run fields created for constructor parameters no configured field covered: the host must fill them. */
  readonly runFields: NamespaceRunField[];
  readonly warnings: string[];
  readonly filesWritten: string[];
}

/** One created run field of a namespace, with the capabilities that read it. */
export interface NamespaceRunField extends CreatedRunField {
  readonly capabilities: string[];
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
}

/** Namespaces the inventory proposes for capability classes, plus modules already in the capabilities folder. */
export function knownNamespaces(root: string, inventory: InventoryResult, capabilitiesDir: string): string[] {
  const out = new Set<string>();
  for (const c of inventory.classes) if (c.namespace) out.add(c.namespace);
  const dir = join(root, capabilitiesDir);
  if (existsSync(dir))
    for (const f of readdirSync(dir)) if (f.endsWith(".specs.ts")) out.add(f.slice(0, -".specs.ts".length));
  return [...out].sort();
}

function contextFor(
  root: string,
  inventory: InventoryResult,
  config: CapkitConfig,
  namespaces: readonly string[],
  keepShims: boolean,
  configFile?: string | null,
): CodemodContext {
  const c = config.codemods;
  const rel = configFile ? relative(root, configFile).split(sep).join("/") : "";
  const inRoot = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  return {
    root,
    inventory,
    namespaces,
    capabilitiesDir: c.capabilitiesDir,
    runFields: c.runFields,
    keepShims,
    runtimeImport: c.runtimeImport,
    categoriesMap: config.categories.map,
    seam: config.seam,
    runFieldChoices: new Map(),
    ...(inRoot ? { configFile: rel } : {}),
  };
}

function snapshot(tree: VirtualTree): Map<string, string | null> {
  return new Map(tree.changes().map((c) => [c.path, c.kind === "delete" ? null : c.after]));
}

function changedSince(before: Map<string, string | null>, tree: VirtualTree): string[] {
  const now = snapshot(tree);
  return [...now.keys()].filter((p) => !before.has(p) || before.get(p) !== now.get(p)).sort();
}

interface Planned {
  readonly changes: FileChange[];
  readonly namespaces: NamespaceSummary[];
  readonly units: UnitResult[];
  readonly callSiteFiles: string[];
  readonly callSitesRewritten: number;
}

async function plan(
  root: string,
  inventory: InventoryResult,
  opts: MigrateOptions,
  selected: readonly string[],
  includeUnplaced: boolean,
): Promise<Planned> {
  const onDisk = listTreeFiles(root); // the disk does not change while planning: list it once
  const tree = new VirtualTree(
    root,
    (p) => (existsSync(join(root, p)) ? readFileSync(join(root, p), "utf8") : null),
    () => onDisk,
  );
  const ctx = contextFor(root, inventory, opts.config, selected, opts.keepShims ?? false, opts.configFile);
  const units: UnitResult[] = [];
  const summaries: NamespaceSummary[] = [];
  for (const [i, ns] of selected.entries()) {
    opts.onProgress?.({ phase: "plan", namespace: ns, done: i, total: selected.length });
    const before = snapshot(tree);
    const nsUnits: UnitResult[] = [];
    for (const entry of CODEMODS.filter((e) => e.scope === "per-namespace"))
      nsUnits.push(...(await entry.codemod.run(tree, { ...ctx, namespaces: [ns] })));
    units.push(...nsUnits);
    summaries.push(summarize(ns, nsUnits, changedSince(before, tree)));
  }
  if (includeUnplaced) {
    const unplaced = inventory.classes.filter((c) => c.kind === "capability" && !c.namespace);
    if (unplaced.length) {
      const u: UnitResult[] = unplaced.map((c) => ({
        codemod: "tool-class-to-capability",
        outcome: "refused",
        unit: c.name ?? "(anonymous class)",
        file: c.file,
        line: c.line,
        code: "no-namespace",
        reason: `no-namespace at ${c.file}:${c.line}: the inventory proposes no namespace${c.blockers.length ? ` and records blockers (${c.blockers.map((b) => b.code).join(", ")})` : ""}; to unblock: ${NO_NAMESPACE_FIX}`,
        fix: NO_NAMESPACE_FIX,
      }));
      units.push(...u);
      summaries.push(summarize("(none)", u, []));
    }
  }
  const beforeCalls = snapshot(tree);
  let callSitesRewritten = 0;
  for (const entry of CODEMODS.filter((e) => e.scope === "once")) {
    const r = await entry.codemod.run(tree, ctx);
    units.push(...r);
    if (entry.callSites) callSitesRewritten += r.filter((u) => u.outcome === "changed").length;
  }
  return {
    changes: tree.changes(),
    namespaces: summaries,
    units,
    callSiteFiles: changedSince(beforeCalls, tree),
    callSitesRewritten,
  };
}

const NO_NAMESPACE_FIX = 'map the file or wire name in capkit.config.json "namespaces" (byFile / byWireName)';

/** The run fields a namespace's converted classes created, one entry per field. */
function createdRunFields(units: readonly UnitResult[]): NamespaceRunField[] {
  const out = new Map<string, { field: CreatedRunField; capabilities: string[] }>();
  for (const u of units) {
    for (const f of u.outcome === "changed" ? (u.runFields ?? []) : []) {
      const entry = out.get(f.field) ?? { field: f, capabilities: [] };
      entry.capabilities.push(u.wireName ?? u.unit);
      out.set(f.field, entry);
    }
  }
  return [...out.values()]
    .map(({ field, capabilities }) => ({ ...field, capabilities }))
    .sort((a, b) => (a.field < b.field ? -1 : 1));
}

function summarize(ns: string, units: readonly UnitResult[], files: string[]): NamespaceSummary {
  return {
    namespace: ns,
    converted: units.filter((u) => u.outcome === "changed" && u.wireName).map((u) => u.wireName as string),
    refused: units
      .filter((u) => u.outcome === "refused" || u.outcome === "error")
      .map((u) => ({
        class: u.unit,
        file: u.file,
        line: u.line,
        code: u.code ?? "codemod-bug",
        reason: u.reason ?? "",
        fix: u.fix ?? "",
      })),
    skipped: units
      .filter((u) => u.outcome === "skipped")
      .map((u) => ({ class: u.unit, file: u.file, ...(u.code ? { code: u.code } : {}), reason: u.reason ?? "" })),
    runFields: createdRunFields(units),
    warnings: units.flatMap((u) => u.warnings ?? []),
    filesWritten: files,
  };
}

export const NO_GIT_NOTICE =
  "--no-git: this tree is not a git repository, so migrate cannot check for uncommitted edits before writing, and nothing but the journal (which only undoes a failed apply) can take the change back";

/** The guards before anything is planned: an interrupted apply, git, a dirty tree. */
function guardTree(root: string, opts: MigrateOptions, fs: ApplyFs): boolean {
  const dryRun = opts.dryRun ?? false;
  let recovered = false;
  const found = findJournal(root);
  if (found) {
    if (dryRun)
      throw interruptedMigrateError(root) ?? new EnvironmentError("an interrupted migrate left a journal behind");
    opts.onProgress?.({ phase: "recover", done: 0, total: 1 });
    const restored = rollbackJournal(root, found, { fs });
    opts.onNotice?.(
      `rolled back an interrupted capkit migrate (pid ${found.journal.pid}, started ${found.journal.startedAt}) first: ${restored.length} file${restored.length === 1 ? "" : "s"} restored${restored.length ? ` (${restored.slice(0, 5).join(", ")}${restored.length > 5 ? ", …" : ""})` : ""}`,
    );
    recovered = true;
  }
  if (!dryRun) removeFinishedJournals(root, fs);
  if (dryRun) return recovered;
  if (!isGitRepo(root)) {
    if (!opts.noGit) {
      throw new EnvironmentError(
        `${root} is not inside a git repository: migrate cannot check for uncommitted edits, and you could not review or revert its change with git`,
        {
          hint: "run it in a git checkout (git init && git add -A && git commit), or pass --no-git to apply anyway without those protections",
        },
      );
    }
    opts.onNotice?.(NO_GIT_NOTICE);
    return recovered;
  }
  if (!opts.allowDirty) {
    const dirty = dirtyPaths(root);
    if (dirty.length) {
      throw new EnvironmentError(
        `the git tree has uncommitted changes (${dirty.slice(0, 5).join(", ")}${dirty.length > 5 ? `, … ${dirty.length - 5} more` : ""})`,
        { hint: "commit or stash them first, or pass --allow-dirty" },
      );
    }
  }
  return recovered;
}

/** A migrate on an incomplete scan would plan from a partial tree: name what could not be read. */
function assertReadable(inventory: InventoryResult): void {
  const unreadable = inventory.problems.filter(isUnreadableProblem);
  if (!unreadable.length) return;
  const names = unreadable
    .slice(0, 5)
    .map((p) => `${p.file} (${p.message})`)
    .join(", ");
  throw new EnvironmentError(
    `the scan could not read ${unscannedCount(unscannedPaths(unreadable))}: ${names}${unreadable.length > 5 ? ", …" : ""}; nothing was planned`,
    {
      file: unreadable[0]?.file,
      hint: "make them readable to this user (or exclude them with scan.exclude in capkit.config.json) and run migrate again",
    },
  );
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

/** The namespaces asked for (every capability namespace for "all"), refusing names the repo does not know. */
function selectedNamespaces(root: string, inventory: InventoryResult, opts: MigrateOptions): string[] {
  const known = knownNamespaces(root, inventory, opts.config.codemods.capabilitiesDir);
  const selected =
    opts.namespaces === "all"
      ? [
          ...new Set(
            inventory.classes.filter((c) => c.kind === "capability" && c.namespace).map((c) => c.namespace as string),
          ),
        ].sort()
      : [...new Set(opts.namespaces)];
  const unknown = selected.filter((ns) => !known.includes(ns));
  if (unknown.length)
    throw new UsageError(`unknown namespace${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`, {
      hint: `known namespaces: ${known.join(", ") || "(none — the inventory found no namespaced classes)"}`,
    });
  return selected;
}

function assertValidPlan(problems: readonly { path: string; line: number; message: string }[]): void {
  if (problems.length === 0) return;
  throw new CapkitError(
    `the plan is invalid, nothing was written: ${problems.map((p) => `${p.path}:${p.line}: ${p.message}`).join("; ")}`,
    1,
    {
      file: problems[0]?.path,
      line: problems[0]?.line,
      hint: "report this with the files named; run with --dry-run to see the plan",
    },
  );
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
  const all = opts.namespaces === "all";
  const selected = selectedNamespaces(root, inventory, opts);
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
  };
  const out = result as { -readonly [K in keyof MigrateResult]: MigrateResult[K] };
  for (const [b, batch] of batches.entries()) {
    const inv = b === 0 || opts.inventory ? inventory : await scan(root, opts.config);
    const planned = await plan(root, inv, opts, batch, all && b === batches.length - 1);
    out.namespaces.push(...planned.namespaces);
    out.units.push(...planned.units);
    out.callSitesRewritten += planned.callSitesRewritten;
    out.callSiteFiles.push(...planned.callSiteFiles);
    opts.onProgress?.({ phase: "validate", done: 0, total: planned.changes.length });
    const { changes, problems: linkProblems } = realChanges(root, planned.changes);
    assertValidPlan([...linkProblems, ...validatePlan(root, changes)]);
    out.filesWritten.push(...changes.map((c) => c.path));
    if (dryRun) {
      out.diff = (out.diff ?? "") + planDiff(changes);
      continue;
    }
    if (!changes.length) continue;
    const before = opts.typecheck
      ? (opts.onProgress?.({ phase: "typecheck", done: 0, total: 2 }), runTypecheck(root))
      : undefined;
    opts.onProgress?.({ phase: "apply", done: 0, total: changes.length });
    const applied = applyPlan(root, changes, fs);
    if (before) {
      opts.onProgress?.({ phase: "typecheck", done: 1, total: 2 });
      const after = runTypecheck(root);
      const added = newErrors(before.errors, after.errors);
      out.typecheck = { before: before.errors.length, after: after.errors.length, newErrors: added };
      if (added.length) {
        applied.rollback();
        out.rolledBack = `the type check found ${added.length} new error${added.length > 1 ? "s" : ""}; the apply was rolled back`;
        return result;
      }
    }
    applied.commit();
    out.applied = true;
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
  }
  return result;
}
