/**
 * The parity engine: `runChecks(target)` runs the four checks (drift, category snapshot, gate
 * parity through the sandbox, behaviour replay) and, with `mutants`, re-runs checks 3 and 4
 * once per broken gate / dispatcher to prove they would notice; `runParity(root)` loads the
 * target from its config first; `recordParityAt(root)` writes the pre-migration recording.
 * Returns data only (bin/commands/parity.ts and the demo render it).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../lib/atomic-write.js";
import { loadConfig, type CapkitConfig } from "../lib/config/index.js";
import { EnvironmentError } from "../lib/errors.js";
import { capkitDir, ensureIgnored } from "../lib/results-store.js";
import { behaviourCheck } from "./replay.js";
import { gateParityCheck } from "./gate-parity.js";
import {
  RegistryMissingError,
  freshDefaultImporter,
  extractOldCategories,
  loadCases,
  loadBelts,
  loadHostFactories,
  loadParityTarget,
  type ModuleImporter,
} from "./load-target.js";
import { MUTANTS, type Mutant } from "./mutants.js";
import { stableJson } from "./normalize.js";
import { recordParity } from "./record.js";
import { categoryCheck, driftCheck } from "./static-checks.js";
import type { MutantsSummary, ParityCheck, ParityRecording, ParityResult, ParityTarget } from "./types.js";

export interface RunChecksOptions {
  readonly mutants?: boolean | readonly Mutant[];
  readonly onProgress?: (event: { phase: string; detail?: string }) => void;
}

export async function runMutants(target: ParityTarget, mutants: readonly Mutant[] = MUTANTS): Promise<MutantsSummary> {
  const results = [];
  for (const m of mutants) {
    const checks = [await gateParityCheck(target, m), ...(target.recording ? [await behaviourCheck(target, m)] : [])];
    const failed = checks.find((c) => !c.ok);
    results.push({
      name: m.name,
      description: m.description,
      killed: failed !== undefined,
      ...(failed ? { killedBy: `${failed.name}: ${failed.problems[0] ?? "failed"}` } : {}),
    });
  }
  const survivors = results.filter((r) => !r.killed).map((r) => r.name);
  return { total: results.length, killed: results.length - survivors.length, survivors, results };
}

export async function runChecks(target: ParityTarget, options: RunChecksOptions = {}): Promise<ParityResult> {
  const progress = options.onProgress ?? (() => {});
  const checks: ParityCheck[] = [];
  progress({ phase: "drift" });
  checks.push(await driftCheck(target));
  progress({ phase: "category-snapshot" });
  checks.push(categoryCheck(target));
  progress({ phase: "gate-parity" });
  checks.push(await gateParityCheck(target));
  progress({ phase: "behaviour" });
  checks.push(await behaviourCheck(target));
  let mutants: MutantsSummary | undefined;
  if (options.mutants) {
    progress({ phase: "mutants" });
    mutants = await runMutants(target, options.mutants === true ? MUTANTS : options.mutants);
  }
  const ok = checks.every((c) => c.ok) && (mutants === undefined || mutants.survivors.length === 0);
  return { ok, checks, ...(mutants ? { mutants } : {}) };
}

export interface RunParityOptions extends RunChecksOptions {
  readonly config?: CapkitConfig;
  readonly configPath?: string;
  readonly importer?: ModuleImporter;
}

/** The whole verdict for a migrated root. A missing registry fails the checks, naming the fix. */
export async function runParity(rootArg: string, options: RunParityOptions = {}): Promise<ParityResult> {
  const root = resolve(rootArg);
  const config = options.config ?? loadConfig(root, options.configPath).config;
  let target: ParityTarget;
  try {
    target = await loadParityTarget(root, config, options.importer ?? (await freshDefaultImporter(root)));
  } catch (err) {
    if (!(err instanceof RegistryMissingError)) throw err;
    const names = ["drift", "category-snapshot", "gate-parity", "behaviour"] as const;
    return {
      root,
      ok: false,
      checks: names.map((name) => ({ name, ok: false, problems: [err.message], summary: "no registry to check" })),
    };
  }
  return { root, ...(await runChecks(target, options)) };
}

export interface RecordResult {
  readonly root: string;
  readonly file: string;
  readonly recording: ParityRecording;
  /** e.g. the tree is already (partly) migrated, so some "old" outcomes are the new code's. */
  readonly warnings: readonly string[];
  /** Recorded tools the registry already serves: their outcomes are the migrated code's (sorted). */
  readonly migrated: readonly string[];
  /** Where the different recording this one replaced is kept (under .capkit/results/, local), or null. */
  readonly replaced: string | null;
}

export interface RecordOptions extends Omit<RunParityOptions, "mutants"> {
  /** Cases to use instead of the configured cases file (wire name → argument objects). */
  readonly cases?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  /** Overwrite an existing recording with a different one even after migration started. */
  readonly force?: boolean;
}

/** Names the belts build that the tree's registry already serves (the recording would compare new with new). */
async function alreadyMigrated(
  root: string,
  config: CapkitConfig,
  importer: ModuleImporter,
  names: readonly string[],
): Promise<string[]> {
  const file = config.parity.registry.module ?? `${config.codemods.capabilitiesDir}/registry.ts`;
  if (!existsSync(join(root, file))) return [];
  try {
    const registry = (await importer(root, file))[config.parity.registry.export] as
      { capabilitySpec?: (n: string) => unknown } | undefined;
    return names.filter((n) => registry?.capabilitySpec?.(n) !== undefined);
  } catch {
    return [];
  }
}

/**
 * Once migration started, a new recording would record the migrated code as "old" behaviour and
 * replace the pre-migration one parity compares against: refuse when it would change the file.
 */
function refuseOverwrite(file: string, rel: string, text: string, migrated: readonly string[]): void {
  let existing: string;
  try {
    existing = readFileSync(file, "utf8");
  } catch {
    return; // no recording yet: nothing to lose (the warning says what the outcomes are)
  }
  if (existing === text) return;
  throw new EnvironmentError(
    `refusing to overwrite ${rel}: ${migrated.length} of the recorded tools are already capabilities in the registry (${migrated.slice(0, 5).join(", ")}${migrated.length > 5 ? ", …" : ""}), so the new recording would hold the migrated code's outcomes instead of the pre-migration ones parity compares against`,
    {
      file: rel,
      hint: `keep the committed recording (git checkout -- ${rel}); re-record on the pre-migration tree (a checkout of the base commit), or pass --force to overwrite it anyway`,
    },
  );
}

/**
 * A different recording about to be replaced (by --force over a migrated tree, or a re-record)
 * is copied to .capkit/results/ first: the committed file may hold uncommitted edits, and the
 * pre-migration outcomes cannot be recorded again once the classes are gone.
 */
function keepReplaced(root: string, file: string, text: string): string | null {
  let existing: string;
  try {
    existing = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  if (existing === text) return null;
  ensureIgnored(root);
  const kept = join(capkitDir(root), "results", "parity-recording.replaced.json");
  writeFileAtomic(kept, existing);
  return kept;
}

/** Record the old Tool classes of a pre-migration root and write the recording atomically. */
export async function recordParityAt(rootArg: string, options: RecordOptions = {}): Promise<RecordResult> {
  const root = resolve(rootArg);
  const config = options.config ?? loadConfig(root, options.configPath).config;
  const importer = options.importer ?? (await freshDefaultImporter(root));
  const host = await loadHostFactories(root, config, importer);
  const belts = await loadBelts(root, config, importer, host);
  const classes = new Map<string, { class: string | null; file: string | null }>();
  try {
    const { scanInventory } = await import("../inventory/index.js");
    const inventory = await scanInventory(root, { config });
    for (const c of inventory.classes)
      if (c.kind === "capability" && c.wireName) classes.set(c.wireName, { class: c.name, file: c.file });
  } catch {
    // The inventory only annotates the recording (class and file); recording works without it.
  }
  const old = extractOldCategories(root, config);
  const recording = await recordParity({
    ...belts,
    cases: options.cases ?? loadCases(root, config),
    generate: config.parity.generate,
    ...(old ? { categoryMap: old.map } : {}),
    fallbackCategory: config.categories.fallback,
    classes,
  });
  const warnings: string[] = [];
  const migrated = await alreadyMigrated(root, config, importer, Object.keys(recording.capabilities));
  if (migrated.length > 0) {
    warnings.push(
      `${migrated.length} of the recorded tools are already capabilities in the registry (${migrated.slice(0, 5).join(", ")}${migrated.length > 5 ? ", …" : ""}): ` +
        "their outcomes come from the migrated code; record on the pre-migration tree (e.g. a checkout of the base commit) for a real comparison",
    );
  }
  const file = join(root, config.parity.recording);
  const text = stableJson(recording);
  if (migrated.length > 0 && !options.force) refuseOverwrite(file, config.parity.recording, text, migrated);
  const replaced = keepReplaced(root, file, text);
  writeFileAtomic(file, text);
  return { root, file, recording, warnings, migrated, replaced };
}
