/**
 * The warm path: on a tree where every file in scope is the one the stat cache recorded (same
 * list, every stat matching), the same config and workspace packages and the same capkit code
 * (by the stat stamp of its files: code-stamp.ts), the scan's result is the one the last full
 * scan computed, so it is kept with the stat cache (its memo) and returned without reading,
 * selecting or analysing anything.
 *
 * Why it is safe: a scan reads only the files in scope (their contents are pinned by the stat
 * cache's entries, which are recorded only for files settled before the scan began), the root's
 * workspace manifests (their parsed packages are in the key), its tsconfigs' aliases (in the key
 * when there are any) and its config (in the key). Every
 * step after the read is a pure function of those and of capkit's own code (stamped in the key).
 * A scan with any problem (an unreadable file or folder, a syntax error) is never memoised.
 */
import { textHash } from "../../lib/text-hash.js";
import type { CapkitConfig } from "../../lib/config/index.js";
import type { ImportAliases } from "../../lib/import-aliases.js";
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import { inventoryCodeStamp } from "./code-stamp.js";
import type { InventoryResult } from "../types.js";
import { answersFor, type StatCache } from "./stat-cache.js";

const MEMO_VERSION = 2;

/**
 * What the result depends on besides the files' contents. `code`: the stamp of capkit's
 * inventory/ and lib/ code (the scan's code; a test passes its own).
 */
export function memoKey(
  root: string,
  config: CapkitConfig,
  packages: readonly WorkspacePackage[],
  code: string = inventoryCodeStamp(),
  aliases?: ImportAliases,
): string {
  const aliased = aliases && (aliases.scopes.length > 0 || aliases.seam.length > 0) ? [aliases] : [];
  return textHash(JSON.stringify([MEMO_VERSION, code, root, config, packages, ...aliased]));
}

/** The memo's text for a result, or undefined when the result must not be memoised. */
export function memoOf(result: InventoryResult): string | undefined {
  if (result.problems.length > 0 || result.incomplete) return undefined;
  return JSON.stringify({ ...result, generatedAt: "" });
}

/**
 * The memoised result when the tree is unchanged (this stats every file the cache knows, once:
 * a full scan reuses those stats), else undefined. `needles`: the names the scan searches first.
 */
export function warmResult(statCache: StatCache, key: string, needles: readonly string[]): InventoryResult | undefined {
  const cache = answersFor(statCache, needles);
  const text = cache?.memo(key);
  if (cache === undefined || text === undefined) return undefined;
  cache.statFiles();
  if (!cache.unchanged) return undefined;
  try {
    return { ...(JSON.parse(text) as InventoryResult), generatedAt: new Date().toISOString() };
  } catch {
    return undefined;
  }
}
