/**
 * Where the seam rules get their root and configuration: the root is the rule's `root`
 * option, else the nearest folder holding capkit.config.json no higher than the search ceiling
 * (lib/search-ceiling.ts: the git top, or outside git the workspace root or package; never the
 * home or temp folder), else the nearest git root, else the working directory; the config is that root's capkit.config.json `seam` section with
 * the rule's options laid over it. Parsed configs are cached by file and modification time.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readJsonFile } from "../../lib/read-json.js";
import { foldersUpTo, searchCeiling } from "../../lib/search-ceiling.js";
import { resolveSeamConfig, type SeamConfig } from "../../lib/config/seam-section.js";

export const CONFIG_FILE = "capkit.config.json";

const rootCache = new Map<string, string>();
const configCache = new Map<string, { mtimeMs: number; section: unknown }>();

export function findRoot(fromFile: string, fallback: string = process.cwd()): string {
  const startDir = dirname(resolve(fromFile));
  const cached = rootCache.get(startDir);
  if (cached) return cached;
  const ceiling = searchCeiling(startDir);
  const found = foldersUpTo(startDir, ceiling.dir).find((dir) => existsSync(join(dir, CONFIG_FILE)));
  const gitRoot = existsSync(join(ceiling.dir, ".git")) ? ceiling.dir : null;
  const root = found ?? gitRoot ?? fallback;
  rootCache.set(startDir, root);
  return root;
}

/** The raw `seam` section of `<root>/capkit.config.json`, or undefined when there is none. */
export function readSeamSection(root: string): unknown {
  const file = join(root, CONFIG_FILE);
  if (!existsSync(file)) return undefined;
  const mtimeMs = statSync(file).mtimeMs;
  const hit = configCache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.section;
  const parsed = readJsonFile(file, { what: CONFIG_FILE, hint: { invalid: "fix the JSON syntax" } });
  const section =
    typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>)["seam"] : undefined;
  configCache.set(file, { mtimeMs, section });
  return section;
}

/** Effective seam config: the file's section with `overrides` (rule options) laid over it. */
export function loadSeamConfig(root: string, overrides: Record<string, unknown> = {}): SeamConfig {
  const section = readSeamSection(root);
  const base = typeof section === "object" && section !== null ? (section as Record<string, unknown>) : {};
  const merged = { ...base, ...overrides };
  const file = join(root, CONFIG_FILE);
  return resolveSeamConfig(Object.keys(merged).length === 0 && section === undefined ? undefined : merged, file);
}
