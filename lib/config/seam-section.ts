/**
 * The `seam` section of capkit.config.json: which files sit on each side of an import
 * boundary (the tools/ → capabilities/ seam by default), why the boundary exists, which files
 * are exempt, and what the spec-file rules accept. `resolveSeamConfig(raw, file)` validates a
 * parsed section (or nothing) with the section's zod schema and returns a complete config with
 * NodeTool-shaped defaults;
 * consumed by rules/ (ESLint rules and `capkit lint`) and `capkit smoke`.
 */
import { ConfigError } from "../errors.js";
import { PERMISSION_CATEGORIES } from "../kinds.js";
import { atKey, delegatedSection, firstIssueMessage, objectError } from "./section-issues.js";
import { getZod, type ZodApi } from "./zod.js";

export interface SeamException {
  /** Root-relative glob of importing files the direction rule lets through. */
  readonly from: string;
  readonly reason: string;
}

/** One boundary: files matching `from` must never import files matching `to`. */
export interface SeamDefinition {
  readonly name: string;
  /** Globs of the side that must not import the other (NodeTool: tools/). */
  readonly from: readonly string[];
  /** Globs of the side it must not reach (NodeTool: capabilities/). */
  readonly to: readonly string[];
  /** Shown with every violation: why the direction matters. */
  readonly reason: string;
  readonly exceptions: readonly SeamException[];
  /**
   * The seam may match no file (say, a repository that has not started its capabilities/
   * folder and keeps no tools/ either). Without it `capkit lint` exits 2 on a seam that
   * matches nothing, since a seam naming another layout than the tree's guards nothing.
   */
  readonly allowEmpty: boolean;
}

export interface SpecRulesConfig {
  /** Globs of spec files (data-only: types, zod, other specs). */
  readonly files: readonly string[];
  /** Globs of modules a spec file may import values from besides other specs. */
  readonly schemaFiles: readonly string[];
  /** Bare packages a spec file may import values from. */
  readonly allowedPackages: readonly string[];
  /** Type names that mark an object literal as a spec anywhere (`: T`, `satisfies T`, `as T`). */
  readonly typeNames: readonly string[];
  readonly categories: readonly string[];
}

export interface SeamConfig {
  readonly seams: readonly SeamDefinition[];
  /** Type-only imports are erased at build time; false makes them violations too. */
  readonly allowTypeImports: boolean;
  /** Extra path aliases: "prefix/*" → "root-relative/target/*" (workspace package names and tsconfig `paths` resolve without this: lib/import-aliases.ts). The inventory and migrate use them too. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Root-relative baseline of known violations; only new ones fail. */
  readonly baseline: string;
  /** Extra globs `capkit lint` skips (node_modules, dist, build output and .capkit always are). */
  readonly ignore: readonly string[];
  readonly specs: SpecRulesConfig;
}

/**
 * `tools/` and `capabilities/` folders at any depth, so a packages monorepo, a single package
 * (`src/tools`), libs and apps folders and src-less packages all fit with no config.
 * When one folder sits inside the other, the innermost decides the side.
 */
export const DEFAULT_SEAM: SeamDefinition = {
  name: "tools-capabilities",
  from: ["**/tools/**", "!**/tools/**/capabilities/**"],
  to: ["**/capabilities/**", "!**/capabilities/**/tools/**"],
  reason:
    "capabilities/ may import tools/, never the reverse: a cycle across this seam passes tests and type checks but deadlocks the esbuild bundle (its async __esm initialisers await each other)",
  exceptions: [],
  allowEmpty: false,
};

/** The categories a spec may declare: the one list in lib/kinds.ts. */
export const CAPABILITY_CATEGORIES = PERMISSION_CATEGORIES;

export const DEFAULT_SPEC_RULES: SpecRulesConfig = {
  files: ["**/*.specs.ts"],
  schemaFiles: ["**/*.schema.ts", "**/*.schemas.ts", "**/schemas/**"],
  allowedPackages: ["zod"],
  typeNames: ["CapabilitySpec"],
  categories: CAPABILITY_CATEGORIES,
};

export const DEFAULT_SEAM_CONFIG: SeamConfig = {
  seams: [DEFAULT_SEAM],
  allowTypeImports: true,
  aliases: {},
  baseline: ".capkit/lint-baseline.json",
  ignore: [],
  specs: DEFAULT_SPEC_RULES,
};

const EXAMPLE =
  '{ "seam": { "tools": ["packages/*/src/tools/**"], "capabilities": ["packages/*/src/capabilities/**"], "reason": "…", "exceptions": [{ "from": "packages/agents/src/tools/mcp-tools.ts", "reason": "belt assembly" }] } }';
const SHORTHAND = ["tools", "capabilities", "reason", "exceptions", "allowEmpty"] as const;

function bad(file: string, message: string): never {
  throw new ConfigError(`seam: ${message}`, { file, hint: `fix the "seam" section of the config, e.g. ${EXAMPLE}` });
}

const GLOBS = "must be a glob or a non-empty list of globs relative to the root";

/** The section as zod parsed it, before defaults fill what is absent. */
interface RawSection {
  readonly tools?: readonly string[];
  readonly capabilities?: readonly string[];
  readonly reason?: string;
  readonly exceptions?: readonly SeamException[];
  readonly allowEmpty?: boolean;
  readonly seams?: readonly SeamDefinition[];
  readonly allowTypeImports?: boolean;
  readonly aliases?: Readonly<Record<string, string>>;
  readonly baseline?: string;
  readonly ignore?: readonly string[];
  readonly specs?: SpecRulesConfig;
}

/**
 * The shorthand keys `tools`, `capabilities`, `reason`, `exceptions`, `allowEmpty` adjust the
 * default tools-capabilities seam; `seams` declares further boundaries (and, without the
 * shorthand, replaces the default).
 */
function sectionFromRaw(raw: RawSection): SeamConfig {
  const shorthand = SHORTHAND.some((k) => raw[k] !== undefined);
  const seams: SeamDefinition[] = [];
  if (shorthand || raw.seams === undefined) {
    seams.push({
      name: DEFAULT_SEAM.name,
      from: raw.tools ?? DEFAULT_SEAM.from,
      to: raw.capabilities ?? DEFAULT_SEAM.to,
      reason: raw.reason ?? DEFAULT_SEAM.reason,
      exceptions: raw.exceptions ?? [],
      allowEmpty: raw.allowEmpty ?? DEFAULT_SEAM.allowEmpty,
    });
  }
  seams.push(...(raw.seams ?? []));
  return {
    seams,
    allowTypeImports: raw.allowTypeImports ?? true,
    aliases: raw.aliases ?? {},
    baseline: raw.baseline ?? DEFAULT_SEAM_CONFIG.baseline,
    ignore: raw.ignore ?? [],
    specs: raw.specs ?? DEFAULT_SPEC_RULES,
  };
}

/** The first seam name used twice (seam names are unique), or undefined. */
function repeatedSeamName(seams: readonly SeamDefinition[]): string | undefined {
  const names = new Set<string>();
  for (const s of seams) {
    if (names.has(s.name)) return s.name;
    names.add(s.name);
  }
  return undefined;
}

/** The section's schema, built from zod on first use (a run without a config never loads zod). */
function buildSectionSchema(z: ZodApi) {
  /** A glob or a non-empty list of them, root-relative with forward slashes. */
  const globs = z
    .union([z.string(), z.array(z.string())], { error: (iss) => atKey(iss.path, GLOBS) })
    .transform((value) => (typeof value === "string" ? [value] : value))
    .refine((list) => list.length > 0 && list.every((g) => g.trim() !== ""), { error: (iss) => atKey(iss.path, GLOBS) })
    .transform((list) => list.map((g) => g.replace(/\\/g, "/").replace(/^\.\//, "")));

  const text = z
    .string({ error: (iss) => atKey(iss.path, "must be a non-empty string") })
    .refine((value) => value.trim() !== "", { error: (iss) => atKey(iss.path, "must be a non-empty string") });

  const flag = z.boolean({ error: (iss) => atKey(iss.path, "must be true or false") });

  const EXCEPTION = 'must be { "from": glob, "reason": string }';
  const exceptionList = z.array(
    z
      .strictObject({ from: globs, reason: text }, { error: objectError(["from", "reason"], EXCEPTION) })
      .transform((e): SeamException => ({ from: e.from[0] as string, reason: e.reason })),
    { error: (iss) => atKey(iss.path, 'must be a list of { "from": glob, "reason": string }') },
  );

  const SEAM_SHAPE = {
    name: text,
    from: globs,
    to: globs,
    reason: text,
    exceptions: exceptionList.optional(),
    allowEmpty: flag.optional(),
  };
  const seamDefinition = z
    .strictObject(SEAM_SHAPE, {
      error: objectError(Object.keys(SEAM_SHAPE), 'must be { "name", "from", "to", "reason", "exceptions" }'),
    })
    .transform((s): SeamDefinition => ({ ...s, exceptions: s.exceptions ?? [], allowEmpty: s.allowEmpty ?? false }));

  /** A spec list: absent → the default; `[]` allowed where an empty list means "none". */
  function specList(key: keyof SpecRulesConfig, allowEmpty: boolean) {
    const list = allowEmpty
      ? z.union([z.array(z.never()).length(0), globs], { error: (iss) => atKey(iss.path, GLOBS) })
      : globs;
    return list.optional().transform((v): readonly string[] => v ?? DEFAULT_SPEC_RULES[key]);
  }
  const SPEC_SHAPE = {
    files: specList("files", false),
    schemaFiles: specList("schemaFiles", true),
    allowedPackages: specList("allowedPackages", true),
    typeNames: specList("typeNames", true),
    categories: specList("categories", false),
  };
  const specRules = z.strictObject(SPEC_SHAPE, { error: objectError(Object.keys(SPEC_SHAPE), "must be an object") });

  const SECTION_SHAPE = {
    tools: globs.optional(),
    capabilities: globs.optional(),
    reason: text.optional(),
    exceptions: exceptionList.optional(),
    allowEmpty: flag.optional(),
    seams: z.array(seamDefinition, { error: (iss) => atKey(iss.path, "must be a list of boundaries") }).optional(),
    allowTypeImports: flag.optional(),
    aliases: z
      .record(z.string(), text, { error: (iss) => atKey(iss.path, 'must map "prefix/*" to "root-relative/path/*"') })
      .optional(),
    baseline: text.optional(),
    ignore: globs.optional(),
    specs: specRules.optional(),
  };

  /** See `sectionFromRaw` for the shorthand; seam names are unique. */
  const sectionSchema = z
    .strictObject(SECTION_SHAPE, { error: objectError(Object.keys(SECTION_SHAPE), "must be an object") })
    .transform(sectionFromRaw)
    .superRefine((config, ctx) => {
      const twice = repeatedSeamName(config.seams);
      if (twice !== undefined)
        ctx.addIssue({ code: "custom", message: `two seams are named "${twice}"; names must be unique` });
    });
  return sectionSchema;
}

let built: ReturnType<typeof buildSectionSchema> | undefined;

/**
 * Validate the raw `seam` section (undefined → defaults) against the section's zod schema; the
 * first problem is a ConfigError naming the key. See `sectionSchema` for the shorthand.
 */
export function resolveSeamConfig(raw: unknown, file = "capkit.config.json"): SeamConfig {
  if (raw === undefined || raw === null) return DEFAULT_SEAM_CONFIG;
  const result = (built ??= buildSectionSchema(getZod())).safeParse(raw);
  if (!result.success) bad(file, firstIssueMessage(result.error));
  return result.data;
}

/** The section as a zod schema for lib/config/schema.ts; its errors become zod issues on `seam`. */
export const seamSection = (z: ZodApi) => delegatedSection<SeamConfig>(z, "seam", (raw) => resolveSeamConfig(raw));
