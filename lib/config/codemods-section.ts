/**
 * The `codemods` section of capkit.config.json: where capability modules go, how constructor
 * dependencies map onto CapabilityRun fields, and which module specifier migrated code imports
 * the runtime from. `resolveCodemodsConfig(raw, file)` validates a parsed section (or nothing)
 * with the section's zod schema and returns a complete config with NodeTool-shaped defaults; consumed by codemods/runner/
 * and the codemod fixture helper (codemods/test-support/).
 */
import { ConfigError } from "../errors.js";
import { atKey, delegatedSection, firstIssueMessage, objectError } from "./section-issues.js";
import { getZod, type ZodApi } from "./zod.js";
import { DEFAULT_RUN_FIELDS } from "./default-run-fields.js";

export interface CodemodsConfig {
  /** Root-relative folder that receives `<ns>.specs.ts`, `<ns>.ts`, `registry.ts`. */
  readonly capabilitiesDir: string;
  /** Constructor parameter / field name → CapabilityRun field. Merged over the defaults. */
  readonly runFields: Readonly<Record<string, string>>;
  /** Module specifier migrated code imports the runtime from. */
  readonly runtimeImport: string;
  /** Root-relative file that declares the Tool base class the registry binds its adapters to; null → the module the migrated classes import it from. */
  readonly toolModule: string | null;
  /** Root-relative category snapshot file, e.g. "<capabilitiesDir>/categories.snapshot.json". */
  readonly categorySnapshot: string | null;
}

export { DEFAULT_RUN_FIELDS };

export const DEFAULT_CODEMODS_CONFIG: CodemodsConfig = {
  capabilitiesDir: "packages/agents/src/capabilities",
  runFields: DEFAULT_RUN_FIELDS,
  runtimeImport: "capkit/runtime",
  toolModule: null,
  categorySnapshot: null,
};

const HINT =
  'fix the "codemods" section of the config, e.g. { "codemods": { "capabilitiesDir": "packages/agents/src/capabilities", "runFields": { "registry": "nodeRegistry" } } }';

function bad(file: string, message: string): never {
  throw new ConfigError(`codemods: ${message}`, { file, hint: HINT });
}

/** `./`, back slashes and trailing slashes dropped. */
function normalizePath(value: string): string {
  return value.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
}

/** The section's schema, built from zod on first use (a run without a config never loads zod). */
function buildSectionSchema(z: ZodApi) {
  /** A root-relative path that stays inside the root. */
  const relPath = z
    .string({ error: (iss) => atKey(iss.path, "must be a non-empty string") })
    .refine((value) => value.trim() !== "", { error: (iss) => atKey(iss.path, "must be a non-empty string") })
    .refine(
      (value) => {
        const norm = normalizePath(value);
        return !norm.startsWith("/") && !norm.split("/").includes("..");
      },
      {
        error: (iss) => atKey(iss.path, `must be relative to the root and stay inside it (got "${String(iss.input)}")`),
      },
    )
    .transform(normalizePath);

  const runField = z
    .string({ error: (iss) => atKey(iss.path, `must be a run field identifier (got ${JSON.stringify(iss.input)})`) })
    .regex(/^[A-Za-z_$][\w$]*$/, {
      error: (iss) => atKey(iss.path, `must be a run field identifier (got ${JSON.stringify(iss.input)})`),
    });

  const SECTION_SHAPE = {
    runFields: z
      .record(z.string(), runField, { error: (iss) => atKey(iss.path, "must map constructor names to run fields") })
      .optional(),
    capabilitiesDir: relPath.optional(),
    runtimeImport: z
      .string({ error: (iss) => atKey(iss.path, "must be a module specifier") })
      .min(1, { error: (iss) => atKey(iss.path, "must be a module specifier") })
      .nullish(),
    toolModule: relPath.nullish(),
    categorySnapshot: relPath.nullish(),
  };
  const KNOWN = ["capabilitiesDir", "runFields", "runtimeImport", "toolModule", "categorySnapshot"];

  const sectionSchema = z
    .strictObject(SECTION_SHAPE, { error: objectError(KNOWN, "must be an object") })
    .transform((raw): CodemodsConfig => ({
      capabilitiesDir: raw.capabilitiesDir ?? DEFAULT_CODEMODS_CONFIG.capabilitiesDir,
      runFields: { ...DEFAULT_RUN_FIELDS, ...raw.runFields },
      runtimeImport: raw.runtimeImport ?? DEFAULT_CODEMODS_CONFIG.runtimeImport,
      toolModule: raw.toolModule ?? null,
      categorySnapshot: raw.categorySnapshot ?? null,
    }));
  return sectionSchema;
}

let built: ReturnType<typeof buildSectionSchema> | undefined;

/** Validate the raw `codemods` section (undefined → defaults) with its zod schema. `file` names the config in errors. */
export function resolveCodemodsConfig(raw: unknown, file = "capkit.config.json"): CodemodsConfig {
  if (raw === undefined || raw === null) return DEFAULT_CODEMODS_CONFIG;
  const result = (built ??= buildSectionSchema(getZod())).safeParse(raw);
  if (!result.success) bad(file, firstIssueMessage(result.error));
  return result.data;
}

/** The snapshot path actually used: configured, else `<capabilitiesDir>/categories.snapshot.json`. */
export function categorySnapshotPath(config: CodemodsConfig): string {
  return config.categorySnapshot ?? `${config.capabilitiesDir}/categories.snapshot.json`;
}

/** The section as a zod schema for lib/config/schema.ts; its errors become zod issues on `codemods`. */
export const codemodsSection = (z: ZodApi) =>
  delegatedSection<CodemodsConfig>(z, "codemods", (raw) => resolveCodemodsConfig(raw));
