/**
 * The `seam` section of capkit.config.json: which files sit on each side of an import
 * boundary (the tools/ → capabilities/ seam by default), why the boundary exists, which files
 * are exempt, and what the spec-file rules accept. `resolveSeamConfig(raw, file)` validates a
 * parsed section (or nothing) and returns a complete config with NodeTool-shaped defaults;
 * consumed by rules/ (ESLint rules and `capkit lint`) and `capkit smoke`.
 */
import { ConfigError } from "../errors.js";
import { PERMISSION_CATEGORIES } from "../kinds.js";

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
  /** Extra path aliases: "prefix/*" → "root-relative/target/*" (workspace package names resolve without this). */
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
const SHORTHAND = ["tools", "capabilities", "reason", "exceptions", "allowEmpty"];
const KEYS = new Set([...SHORTHAND, "seams", "allowTypeImports", "aliases", "baseline", "ignore", "specs"]);
const SEAM_KEYS = new Set(["name", "from", "to", "reason", "exceptions", "allowEmpty"]);
const SPEC_KEYS = new Set(["files", "schemaFiles", "allowedPackages", "typeNames", "categories"]);

function bad(file: string, message: string): never {
  throw new ConfigError(`seam: ${message}`, { file, hint: `fix the "seam" section of the config, e.g. ${EXAMPLE}` });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkKeys(file: string, where: string, value: Record<string, unknown>, known: Set<string>): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) bad(file, `unknown key "${where}${key}" (known: ${[...known].join(", ")})`);
  }
}

function globs(file: string, key: string, value: unknown): string[] {
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((g) => typeof g !== "string" || g.trim() === "")) {
    bad(file, `"${key}" must be a glob or a non-empty list of globs relative to the root`);
  }
  return (list as string[]).map((g) => g.replace(/\\/g, "/").replace(/^\.\//, ""));
}

function text(file: string, key: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") bad(file, `"${key}" must be a non-empty string`);
  return value;
}

function flag(file: string, key: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") bad(file, `"${key}" must be true or false`);
  return value;
}

function exceptions(file: string, key: string, value: unknown): SeamException[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) bad(file, `"${key}" must be a list of { "from": glob, "reason": string }`);
  return value.map((entry, i) => {
    if (!isRecord(entry)) bad(file, `"${key}[${i}]" must be { "from": glob, "reason": string }`);
    checkKeys(file, `${key}[${i}].`, entry, new Set(["from", "reason"]));
    return {
      from: globs(file, `${key}[${i}].from`, entry["from"])[0] as string,
      reason: text(file, `${key}[${i}].reason`, entry["reason"]),
    };
  });
}

function seamDefinition(file: string, key: string, value: unknown): SeamDefinition {
  if (!isRecord(value)) bad(file, `"${key}" must be { "name", "from", "to", "reason", "exceptions" }`);
  checkKeys(file, `${key}.`, value, SEAM_KEYS);
  return {
    name: text(file, `${key}.name`, value["name"]),
    from: globs(file, `${key}.from`, value["from"]),
    to: globs(file, `${key}.to`, value["to"]),
    reason: text(file, `${key}.reason`, value["reason"]),
    exceptions: exceptions(file, `${key}.exceptions`, value["exceptions"]),
    allowEmpty: flag(file, `${key}.allowEmpty`, value["allowEmpty"], false),
  };
}

function specRules(file: string, value: unknown): SpecRulesConfig {
  if (value === undefined) return DEFAULT_SPEC_RULES;
  if (!isRecord(value)) bad(file, '"specs" must be an object');
  checkKeys(file, "specs.", value, SPEC_KEYS);
  const list = (key: keyof SpecRulesConfig, allowEmpty: boolean): readonly string[] => {
    const v = value[key];
    if (v === undefined) return DEFAULT_SPEC_RULES[key];
    if (allowEmpty && Array.isArray(v) && v.length === 0) return [];
    return globs(file, `specs.${key}`, v);
  };
  return {
    files: list("files", false),
    schemaFiles: list("schemaFiles", true),
    allowedPackages: list("allowedPackages", true),
    typeNames: list("typeNames", true),
    categories: list("categories", false),
  };
}

/**
 * Validate the raw `seam` section (undefined → defaults). The shorthand keys `tools`,
 * `capabilities`, `reason`, `exceptions`, `allowEmpty` adjust the default tools-capabilities seam; `seams`
 * declares further boundaries (and, without the shorthand, replaces the default).
 */
export function resolveSeamConfig(raw: unknown, file = "capkit.config.json"): SeamConfig {
  if (raw === undefined || raw === null) return DEFAULT_SEAM_CONFIG;
  if (!isRecord(raw)) bad(file, "must be an object");
  checkKeys(file, "", raw, KEYS);
  const shorthand = SHORTHAND.some((k) => raw[k] !== undefined);
  const seams: SeamDefinition[] = [];
  if (shorthand || raw["seams"] === undefined) {
    seams.push({
      name: DEFAULT_SEAM.name,
      from: raw["tools"] === undefined ? DEFAULT_SEAM.from : globs(file, "tools", raw["tools"]),
      to: raw["capabilities"] === undefined ? DEFAULT_SEAM.to : globs(file, "capabilities", raw["capabilities"]),
      reason: raw["reason"] === undefined ? DEFAULT_SEAM.reason : text(file, "reason", raw["reason"]),
      exceptions: exceptions(file, "exceptions", raw["exceptions"]),
      allowEmpty: flag(file, "allowEmpty", raw["allowEmpty"], DEFAULT_SEAM.allowEmpty),
    });
  }
  if (raw["seams"] !== undefined) {
    if (!Array.isArray(raw["seams"])) bad(file, '"seams" must be a list of boundaries');
    raw["seams"].forEach((s, i) => seams.push(seamDefinition(file, `seams[${i}]`, s)));
  }
  const names = new Set<string>();
  for (const s of seams) {
    if (names.has(s.name)) bad(file, `two seams are named "${s.name}"; names must be unique`);
    names.add(s.name);
  }
  const allowTypeImports = flag(file, "allowTypeImports", raw["allowTypeImports"], true);
  const aliases: Record<string, string> = {};
  if (raw["aliases"] !== undefined) {
    if (!isRecord(raw["aliases"])) bad(file, '"aliases" must map "prefix/*" to "root-relative/path/*"');
    for (const [k, v] of Object.entries(raw["aliases"])) aliases[k] = text(file, `aliases.${k}`, v);
  }
  const baseline =
    raw["baseline"] === undefined ? DEFAULT_SEAM_CONFIG.baseline : text(file, "baseline", raw["baseline"]);
  const ignore = raw["ignore"] === undefined ? [] : globs(file, "ignore", raw["ignore"]);
  return { seams, allowTypeImports, aliases, baseline, ignore, specs: specRules(file, raw["specs"]) };
}
