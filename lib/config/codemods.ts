/**
 * The `codemods` section of capkit.config.json: where capability modules go, how constructor
 * dependencies map onto CapabilityRun fields, and which module specifier migrated code imports
 * the runtime from. `resolveCodemodsConfig(raw, file)` validates a parsed section (or nothing)
 * and returns a complete config with NodeTool-shaped defaults; consumed by codemods/runner/
 * and the codemod fixture helper (codemods/testing/).
 */
import { ConfigError } from "../errors.js";

export interface CodemodsConfig {
  /** Root-relative folder that receives `<ns>.specs.ts`, `<ns>.ts`, `registry.ts`. */
  readonly capabilitiesDir: string;
  /** Constructor parameter / field name → CapabilityRun field. Merged over the defaults. */
  readonly runFields: Readonly<Record<string, string>>;
  /** Module specifier migrated code imports the runtime from. */
  readonly runtimeImport: string;
  /** Root-relative file that exports the Tool base class (adapters and shims need it); null → located from the inventory. */
  readonly toolModule: string | null;
  /** Root-relative category snapshot file, e.g. "<capabilitiesDir>/categories.snapshot.json". */
  readonly categorySnapshot: string | null;
}

/** NodeTool's constructor dependencies and the run fields that replace them. */
export const DEFAULT_RUN_FIELDS: Readonly<Record<string, string>> = {
  providers: "providers",
  registry: "nodeRegistry",
  nodeRegistry: "nodeRegistry",
  collection: "vectorCollection",
  vectorCollection: "vectorCollection",
  examples: "examples",
  catalog: "examples",
  exampleCatalog: "examples",
  subAgent: "subAgent",
  options: "subAgent",
  client: "client",
  loaders: "loaders",
  exportDsl: "exportDsl",
};

export const DEFAULT_CODEMODS_CONFIG: CodemodsConfig = {
  capabilitiesDir: "packages/agents/src/capabilities",
  runFields: DEFAULT_RUN_FIELDS,
  runtimeImport: "capkit/runtime",
  toolModule: null,
  categorySnapshot: null,
};

const KEYS = new Set(["capabilitiesDir", "runFields", "runtimeImport", "toolModule", "categorySnapshot"]);

function bad(file: string, message: string): never {
  throw new ConfigError(`codemods: ${message}`, {
    file,
    hint: 'fix the "codemods" section of the config, e.g. { "codemods": { "capabilitiesDir": "packages/agents/src/capabilities", "runFields": { "registry": "nodeRegistry" } } }',
  });
}

function relPath(file: string, key: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") bad(file, `"${key}" must be a non-empty string`);
  const norm = value.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
  if (norm.startsWith("/") || norm.split("/").includes(".."))
    bad(file, `"${key}" must be relative to the root and stay inside it (got "${value}")`);
  return norm;
}

/** Validate the raw `codemods` section (undefined → defaults). `file` names the config in errors. */
export function resolveCodemodsConfig(raw: unknown, file = "capkit.config.json"): CodemodsConfig {
  if (raw === undefined || raw === null) return DEFAULT_CODEMODS_CONFIG;
  if (typeof raw !== "object" || Array.isArray(raw)) bad(file, "must be an object");
  const section = raw as Record<string, unknown>;
  for (const key of Object.keys(section)) {
    if (!KEYS.has(key)) bad(file, `unknown key "${key}" (known: ${[...KEYS].join(", ")})`);
  }
  const runFields: Record<string, string> = { ...DEFAULT_RUN_FIELDS };
  if (section["runFields"] !== undefined) {
    const rf = section["runFields"];
    if (typeof rf !== "object" || rf === null || Array.isArray(rf))
      bad(file, '"runFields" must map constructor names to run fields');
    for (const [k, v] of Object.entries(rf as Record<string, unknown>)) {
      if (typeof v !== "string" || !/^[A-Za-z_$][\w$]*$/.test(v))
        bad(file, `"runFields.${k}" must be a run field identifier (got ${JSON.stringify(v)})`);
      runFields[k] = v;
    }
  }
  const capabilitiesDir =
    section["capabilitiesDir"] === undefined
      ? DEFAULT_CODEMODS_CONFIG.capabilitiesDir
      : relPath(file, "capabilitiesDir", section["capabilitiesDir"]);
  const runtimeImport = section["runtimeImport"] ?? DEFAULT_CODEMODS_CONFIG.runtimeImport;
  if (typeof runtimeImport !== "string" || runtimeImport === "")
    bad(file, '"runtimeImport" must be a module specifier');
  const toolModule =
    section["toolModule"] === undefined || section["toolModule"] === null
      ? null
      : relPath(file, "toolModule", section["toolModule"]);
  const categorySnapshot =
    section["categorySnapshot"] === undefined || section["categorySnapshot"] === null
      ? null
      : relPath(file, "categorySnapshot", section["categorySnapshot"]);
  return { capabilitiesDir, runFields, runtimeImport, toolModule, categorySnapshot };
}

/** The snapshot path actually used: configured, else `<capabilitiesDir>/categories.snapshot.json`. */
export function categorySnapshotPath(config: CodemodsConfig): string {
  return config.categorySnapshot ?? `${config.capabilitiesDir}/categories.snapshot.json`;
}
