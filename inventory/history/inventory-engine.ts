/**
 * The real inventory as a HistoryEngine: `extractFileFacts` per blob, `analyzeFacts` per
 * commit, the config's scan scope matched against tree paths. The cache version combines
 * FACTS_VERSION with a hash of the extractor's sources, so changing the extractor can never
 * serve stale facts from `.capkit/cache/history/`.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultConfig, type CapkitConfig } from "../../lib/config/index.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { FACTS_VERSION, type FileFacts } from "../extract/facts.js";
import type { HistoryEngine } from "./engine.js";
import { scopeMatcher, staticFolders } from "./scope.js";

let extractorHash: string | undefined;

function hashExtractor(): string {
  if (extractorHash) return extractorHash;
  const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "extract");
  const hash = createHash("sha1");
  for (const file of readdirSync(dir).filter((f) => /\.[cm]?[tj]s$/.test(f)).sort()) {
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  extractorHash = hash.digest("hex").slice(0, 12);
  return extractorHash;
}

export function inventoryEngine(config: CapkitConfig = defaultConfig()): HistoryEngine<FileFacts> {
  const inScope = scopeMatcher(config.scan);
  return {
    factsVersion: `${FACTS_VERSION}-${hashExtractor()}`,
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
