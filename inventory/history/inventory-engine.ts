/**
 * The real inventory as a HistoryEngine: `extractFileFacts` per blob, `analyzeFacts` per
 * commit, the config's scan scope matched against tree paths. The cache version combines
 * FACTS_VERSION with a hash of the extractor's sources (extract/code-hash.ts), so changing the
 * extractor can never serve stale facts from `.capkit/cache/history/`.
 */
import { createHash } from "node:crypto";
import { defaultConfig, type CapkitConfig } from "../../lib/config/index.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { extractorCodeHash } from "../extract/code-hash.js";
import { FACTS_VERSION, type FileFacts } from "../extract/facts.js";
import type { HistoryEngine } from "./history-engine.js";
import { scopeMatcher, staticFolders } from "./scope.js";

export function inventoryEngine(config: CapkitConfig = defaultConfig()): HistoryEngine<FileFacts> {
  const inScope = scopeMatcher(config.scan);
  return {
    factsVersion: `${FACTS_VERSION}-${extractorCodeHash()}`,
    folders: staticFolders(config.scan),
    inScope,
    extract: extractFileFacts,
    analyze: ({ root, files, knownFiles, packages, generatedAt }) =>
      analyzeFacts({ root, files, knownFiles, packages, config, generatedAt, scannedFiles: knownFiles.length }),
    shapeOf: factsShape,
  };
}

const POSITION_KEYS = new Set(["line", "column"]);

/** JSON of the facts without line/column numbers (and without the `@line` in class keys), hashed. */
export function factsShape(facts: unknown): string {
  const json = JSON.stringify(facts, (key, value: unknown) => {
    if (POSITION_KEYS.has(key)) return undefined;
    if ((key === "key" || key === "classKey") && typeof value === "string") return value.replace(/@\d+$/, "");
    return value;
  });
  return createHash("sha1").update(json).digest("base64");
}
