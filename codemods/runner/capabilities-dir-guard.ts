/**
 * The default `codemods.capabilitiesDir` is NodeTool's (`packages/agents/src/capabilities`). In a
 * tree with no `packages/agents`, migrate wrote a new folder there, in no package, and the belt
 * imported the registry from it by a relative path across packages. A run that would do so is
 * refused before planning, naming a folder next to the classes it would convert.
 */
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { InventoryResult } from "../../inventory/types.js";
import { DEFAULT_CODEMODS_CONFIG } from "../../lib/config/codemods-section.js";
import { ConfigError } from "../../lib/errors.js";

/** The folder the capability classes share; its `tools/` gives way to a sibling `capabilities/`. */
export function suggestedCapabilitiesDir(files: readonly string[]): string | null {
  if (files.length === 0) return null;
  const parts = files.map((f) => posix.dirname(f).split("/"));
  const common: string[] = [];
  for (let i = 0; parts.every((p) => p[i] !== undefined && p[i] === parts[0]?.[i]); i++)
    common.push(parts[0]?.[i] ?? "");
  if (common.length === 0 || common[0] === ".") return null;
  if (common.at(-1) === "tools") common.pop();
  return [...common, "capabilities"].join("/");
}

export function assertCapabilitiesDirFits(
  root: string,
  capabilitiesDir: string,
  /** The config file sets codemods.capabilitiesDir itself (LoadedConfig.given): then it is taken as given. */
  givenInConfig: boolean,
  inventory: InventoryResult,
): void {
  const dir = DEFAULT_CODEMODS_CONFIG.capabilitiesDir;
  const pkg = dir.split("/").slice(0, 2).join("/");
  if (capabilitiesDir !== dir || existsSync(join(root, dir)) || existsSync(join(root, pkg)) || givenInConfig) return;
  const files = [...new Set(inventory.classes.filter((k) => k.kind === "capability").map((k) => k.file))];
  const suggestion = suggestedCapabilitiesDir(files);
  throw new ConfigError(
    `codemods.capabilitiesDir is not set, and its default (${dir}, NodeTool's layout) is in no package of this tree: ${pkg} does not exist`,
    {
      hint: `say where the capability modules go in capkit.config.json, e.g. { "codemods": { "capabilitiesDir": "${suggestion ?? "packages/<package>/src/capabilities"}" } }${suggestion ? " (next to the classes it converts)" : ""}, then run migrate again`,
    },
  );
}
