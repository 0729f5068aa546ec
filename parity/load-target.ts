/**
 * Builds a ParityTarget (and the recorder's inputs) from a target root and its config: imports
 * the migrated registry, the fake-context and deps factories and the belt builders (through an
 * injectable importer — `importFromTarget` by default, so a copy anywhere on disk with no
 * node_modules works), reads the committed snapshot, the recording and the cases file, finds the
 * module files on disk, and extracts the old categories map from source when no recording has
 * it. Consumed by ./engine.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CapkitConfig } from "../lib/config/index.js";
import { categorySnapshotPath } from "../lib/config/codemods-section.js";
import { PARITY_DEFAULTS } from "../lib/config/parity-section.js";
import { ConfigError, EnvironmentError, isCapkitError } from "../lib/errors.js";
import { NEVER_SCANNED_GLOBS } from "../lib/never-scanned.js";
import { walkScope } from "../lib/scope-walk.js";
import { readJsonFileIfExists } from "../lib/read-json.js";
import { extractFileFacts } from "../inventory/index.js";
import type { PermissionCategory, CapabilityRegistry } from "../runtime/index.js";
import type { LegacyBelts, RecordableTool } from "./record.js";
import type { ParityRecording, ParityTarget } from "./types.js";

export type ModuleImporter = (root: string, relPath: string) => Promise<Record<string, unknown>>;

export const defaultImporter: ModuleImporter = async (root, relPath) => {
  const { importFromTarget } = await import("../lib/target-loader.js");
  return importFromTarget<Record<string, unknown>>(root, relPath);
};

/** Default importer after a refresh: a run sees the tree as it is now, not as this process first loaded it. */
export async function freshDefaultImporter(root: string): Promise<ModuleImporter> {
  const { refreshTarget } = await import("../lib/target-loader.js");
  await refreshTarget(root);
  return defaultImporter;
}

/**
 * `importer(root, rel)`, its failure (a module it imports is missing or unreadable, the target's
 * code throws while loading) said as what could not be loaded and why, not as capkit's own bug.
 */
async function importTargetModule(
  importer: ModuleImporter,
  root: string,
  rel: string,
  what: string,
): Promise<Record<string, unknown>> {
  try {
    return await importer(root, rel);
  } catch (err) {
    if (isCapkitError(err)) throw err;
    const code = (err as { code?: unknown }).code;
    const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0];
    throw new EnvironmentError(
      `cannot load ${rel} (${what}): ${typeof code === "string" ? `${code}: ` : ""}${reason}`,
      {
        file: rel,
        hint: "parity imports the target's own modules: fix what the error names (a missing, unreadable or broken file), then run capkit parity again",
      },
    );
  }
}

export class RegistryMissingError extends Error {
  constructor(readonly file: string) {
    super(
      `no migrated registry at ${file}: run \`capkit migrate <root> --all\` (or --namespace NS) first, or set parity.registry.module`,
    );
    this.name = "RegistryMissingError";
  }
}

function readJson<T>(root: string, rel: string, what: string): T | null {
  return (
    (readJsonFileIfExists(join(root, rel), { what, file: rel, hint: `fix or delete ${rel}` }) as T | undefined) ?? null
  );
}

/** What each host factory parity imports is for, for the message when it is missing. */
const FACTORY_ROLE: Record<string, string> = {
  context: "a zero-argument factory of a fresh, deterministic context (called once per case)",
  deps: "a factory of the host dependencies the belt builders take",
};

async function exportOf(
  importer: ModuleImporter,
  root: string,
  spec: { module: string; export: string },
  field: string,
): Promise<unknown> {
  if (!existsSync(join(root, spec.module))) {
    const defaulted = PARITY_DEFAULTS[field as "context" | "deps"]?.module === spec.module;
    throw new ConfigError(
      `${field}: module ${spec.module} does not exist (parity.${field}.module${defaulted ? ", capkit's default for a NodeTool-shaped repo" : ""}); parity needs a module exporting ${spec.export}, ${FACTORY_ROLE[field] ?? "a factory"}`,
      {
        file: "capkit.config.json",
        hint: `write that module, and point "parity": { "${field}": { "module": "<root-relative file>", "export": "<name>" } } in capkit.config.json at it`,
      },
    );
  }
  const mod = await importTargetModule(importer, root, spec.module, `parity.${field}.module`);
  if (!(spec.export in mod)) {
    throw new ConfigError(
      `${field}: ${spec.module} has no export "${spec.export}" (exports: ${Object.keys(mod).sort().join(", ")})`,
      {
        file: "capkit.config.json",
        hint: `set parity.${field}.export`,
      },
    );
  }
  return mod[spec.export];
}

function factory(value: unknown, field: string, spec: { module: string; export: string }): () => unknown {
  if (typeof value !== "function") {
    throw new ConfigError(`${field}: ${spec.module} export "${spec.export}" is not a function`, {
      file: "capkit.config.json",
      hint: `point parity.${field} at a factory`,
    });
  }
  return () => (value as () => unknown)();
}

/** Old categories map from source: `categories.map` literal, overrides on top (no fallback). */
export function extractOldCategories(
  root: string,
  config: CapkitConfig,
): { map: Record<string, PermissionCategory>; label: string } | null {
  const name = config.categories.map;
  // The one tree walker: symlinks followed once (fast-glob's default follows them with no loop guard).
  const files = walkScope(root, { include: ["packages/**/*.{ts,tsx,mts,cts}"], exclude: [...NEVER_SCANNED_GLOBS] });
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    if (!text.includes(name)) continue;
    const found = extractFileFacts(file, text).categoryMaps.find((m) => m.name === name);
    if (found) {
      const map = { ...(found.entries as Record<string, PermissionCategory>), ...config.categories.overrides };
      return { map, label: `${name} (${file})` };
    }
  }
  return null;
}

/** Module keys implemented on disk: `<dir>/<key>.ts` files that export `module`. */
export function moduleFilesIn(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".specs.ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .filter((f) => /export\s+const\s+module\b/.test(readFileSync(join(abs, f), "utf8")))
    .map((f) => f.slice(0, -3))
    .sort();
}

export function runFieldsFromDeps(deps: unknown, config: CapkitConfig): Record<string, unknown> {
  if (typeof deps !== "object" || deps === null) return {};
  const names: Record<string, string> = { ...config.codemods.runFields, ...config.parity.runFields };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(deps)) if (value !== undefined) out[names[key] ?? key] = value;
  return out;
}

export function loadRecording(root: string, config: CapkitConfig): ParityRecording | null {
  const rec = readJson<ParityRecording>(root, config.parity.recording, "the parity recording");
  if (rec && (rec.version !== 1 || typeof rec.capabilities !== "object")) {
    throw new ConfigError("the parity recording has an unknown format", {
      file: config.parity.recording,
      hint: "re-record it with `capkit parity --record` on the pre-migration tree",
    });
  }
  return rec;
}

export function loadCases(root: string, config: CapkitConfig): Record<string, Record<string, unknown>[]> {
  const cases = readJson<unknown>(root, config.parity.cases, "the parity cases file") ?? {};
  const bad = () => {
    throw new ConfigError(
      'the parity cases file must map wire names to arrays of argument objects: { "list_workflows": [{ "limit": 1 }] }',
      {
        file: config.parity.cases,
      },
    );
  };
  if (typeof cases !== "object" || cases === null || Array.isArray(cases)) bad();
  for (const [k, v] of Object.entries(cases as object)) {
    if (k.startsWith("$")) continue;
    if (!Array.isArray(v) || v.some((a) => typeof a !== "object" || a === null || Array.isArray(a))) bad();
  }
  return Object.fromEntries(Object.entries(cases as object).filter(([k]) => !k.startsWith("$"))) as Record<
    string,
    Record<string, unknown>[]
  >;
}

export interface HostFactories {
  readonly createContext: () => unknown;
  readonly createDeps?: () => unknown;
}

export async function loadHostFactories(
  root: string,
  config: CapkitConfig,
  importer: ModuleImporter,
): Promise<HostFactories> {
  const p = config.parity;
  const createContext = factory(await exportOf(importer, root, p.context, "context"), "context", p.context);
  const createDeps = p.deps ? factory(await exportOf(importer, root, p.deps, "deps"), "deps", p.deps) : undefined;
  return { createContext, ...(createDeps ? { createDeps } : {}) };
}

/** The belt builders of the config, called with fresh deps: how the old tools are constructed. */
export async function loadBelts(
  root: string,
  config: CapkitConfig,
  importer: ModuleImporter,
  host: HostFactories,
): Promise<LegacyBelts> {
  const belts = config.parity.belts;
  if (!existsSync(join(root, belts.module))) {
    throw new ConfigError(`belts: module ${belts.module} does not exist`, {
      file: "capkit.config.json",
      hint: "set parity.belts.module to the file exporting the belt builders",
    });
  }
  const mod = await importTargetModule(importer, root, belts.module, "the belt builders, parity.belts.module");
  const builders = belts.builders.map((name) => {
    const fn = mod[name];
    if (typeof fn !== "function") {
      throw new ConfigError(`belts: ${belts.module} has no belt builder "${name}"`, {
        file: "capkit.config.json",
        hint: "set parity.belts.builders to the functions that assemble the old Tool belts",
      });
    }
    return fn as (deps: unknown) => RecordableTool[] | Promise<RecordableTool[]>;
  });
  return {
    createContext: host.createContext,
    ...(host.createDeps ? { createDeps: host.createDeps } : {}),
    buildBelts: async (deps) => (await Promise.all(builders.map((b) => b(deps)))).flat(),
  };
}

export async function loadParityTarget(
  rootArg: string,
  config: CapkitConfig,
  importer: ModuleImporter = defaultImporter,
): Promise<ParityTarget> {
  const root = resolve(rootArg);
  const p = config.parity;
  const registryFile = p.registry.module ?? `${config.codemods.capabilitiesDir}/registry.ts`;
  if (!existsSync(join(root, registryFile))) throw new RegistryMissingError(registryFile);
  const registry = (await importTargetModule(importer, root, registryFile, "the migrated registry"))[
    p.registry.export
  ] as CapabilityRegistry | undefined;
  if (!registry || typeof registry.capabilitySpec !== "function" || typeof registry.checkDrift !== "function") {
    throw new ConfigError(`${registryFile} does not export a capability registry named "${p.registry.export}"`, {
      file: registryFile,
      hint: "export the createCapabilityRegistry(...) result, or set parity.registry.export",
    });
  }
  const host = await loadHostFactories(root, config, importer);
  const legacy = await loadBelts(root, config, importer, host).catch(() => null);
  const snapshotFile = categorySnapshotPath(config.codemods);
  const recording = loadRecording(root, config);
  const extracted = recording ? null : extractOldCategories(root, config);
  return {
    registry,
    createContext: host.createContext,
    ...(host.createDeps ? { createRunFields: () => runFieldsFromDeps(host.createDeps?.(), config) } : {}),
    snapshot: readJson<Record<string, string>>(root, snapshotFile, "the category snapshot"),
    snapshotLabel: snapshotFile,
    oldCategories: recording ? recording.oldCategories : (extracted?.map ?? null),
    oldCategoriesLabel: recording
      ? `the old categories recorded in ${p.recording}`
      : (extracted?.label ?? config.categories.map),
    recording,
    recordingLabel: p.recording,
    canaries: p.canaries,
    nondeterministic: p.nondeterministic,
    moduleFiles: moduleFilesIn(root, config.codemods.capabilitiesDir),
    pack: p.pack,
    legacy,
  };
}
