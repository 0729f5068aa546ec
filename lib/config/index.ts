/**
 * loadConfig(root, explicitPath?): reads `capkit.config.json` at the scanned root (or the file
 * given with `--config`), validates it with zod and fills defaults. No file → the defaults,
 * which fit a NodeTool-shaped repo (plain data: zod is loaded only to read a file). A bad file → ConfigError (exit 2) naming the file, the
 * field path and what was expected. Consumed by every command that reads config.
 */
import { didYouMean } from "../did-you-mean.js";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { z } from "zod";
import { ConfigError } from "../errors.js";
import { readJsonFileIfExists } from "../read-json.js";
import { getConfigSchema, SECTIONS, type CapkitConfig } from "./schema.js";
import { defaultConfig } from "./defaults.js";
import { workspaceScanInclude } from "../workspace-globs.js";
import { DEFAULT_INCLUDE } from "./scan-section.js";

export { getConfigSchema, SECTIONS, type CapkitConfig } from "./schema.js";
export { defaultConfig } from "./defaults.js";

export const CONFIG_FILE = "capkit.config.json";

export interface LoadedConfig {
  readonly config: CapkitConfig;
  /** Absolute path of the file read, or null when the defaults were used. */
  readonly path: string | null;
  /** Fields whose default depends on the tree, and whether the file sets them itself (then they are taken as given). */
  readonly given: { readonly scanInclude: boolean; readonly capabilitiesDir: boolean };
}

function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || "(top level)";
}

/** A zod schema as far as finding an object's keys goes (optional, default and nullable wrappers unwrap). */
interface SchemaNode {
  readonly shape?: Record<string, SchemaNode>;
  unwrap?(): SchemaNode;
}

/** The keys the object at `path` of the schema knows (for a "did you mean"); [] when it cannot tell. */
function keysAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let node = schema as SchemaNode | undefined;
  const unwrap = () => {
    while (node && !node.shape && typeof node.unwrap === "function") node = node.unwrap();
  };
  for (const key of path) {
    unwrap();
    node = typeof key === "string" ? node?.shape?.[key] : undefined;
  }
  unwrap();
  return node?.shape ? Object.keys(node.shape) : [];
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    const where = issue.path.length ? pathText(issue.path) : "top level";
    const sections = Object.keys(SECTIONS);
    const choices = issue.path.length === 0 ? sections : keysAt(getConfigSchema(), issue.path);
    const near = issue.keys.length === 1 ? didYouMean(issue.keys[0] ?? "", choices) : "";
    const known =
      issue.path.length === 0 ? ` (${near}known sections: ${sections.join(", ")})` : near ? ` (${near.trim()})` : "";
    return `${where}: unknown key${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}${known}`;
  }
  return `${pathText(issue.path)}: ${issue.message}`;
}

/** Validates an already-parsed JSON value; `label` names the file in errors. */
export function parseConfig(value: unknown, label: string): CapkitConfig {
  const result = getConfigSchema().safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues.map(describeIssue);
  const first = result.error.issues[0];
  throw new ConfigError(`invalid config: ${lines.join("; ")}`, {
    file: label,
    hint: first
      ? `fix ${pathText(first.path)} in ${label} ("capkit config --defaults" prints every field and its default)`
      : undefined,
  });
}

export function loadConfig(root: string, explicitPath?: string): LoadedConfig {
  const path = explicitPath
    ? isAbsolute(explicitPath)
      ? explicitPath
      : resolve(explicitPath)
    : join(root, CONFIG_FILE);
  const label = relative(root, path).startsWith("..") ? path : relative(root, path) || CONFIG_FILE;
  const value = readJsonFileIfExists(path, {
    what: "config",
    file: label,
    hint: { invalid: "capkit.config.json must be plain JSON (no comments)" },
  });
  if (value === undefined) {
    if (explicitPath) throw new ConfigError(`config file not found: ${path}`, { hint: "check the --config path" });
    return {
      config: withWorkspaceScope(defaultConfig(), root, false),
      path: null,
      given: { scanInclude: false, capabilitiesDir: false },
    };
  }
  const raw = value as { scan?: { include?: unknown }; codemods?: { capabilitiesDir?: unknown } } | null;
  const given = {
    scanInclude: raw?.scan?.include !== undefined,
    capabilitiesDir: raw?.codemods?.capabilitiesDir !== undefined,
  };
  return { config: withWorkspaceScope(parseConfig(value, label), root, given.scanInclude), path, given };
}

/** With no `scan.include` in the file, the scope follows the workspace layout (lib/workspace-globs.ts). */
function withWorkspaceScope(config: CapkitConfig, root: string, includeGiven: boolean): CapkitConfig {
  if (includeGiven) return config;
  const include = workspaceScanInclude(root, DEFAULT_INCLUDE);
  return include.join("\0") === config.scan.include.join("\0")
    ? config
    : { ...config, scan: { ...config.scan, include } };
}
