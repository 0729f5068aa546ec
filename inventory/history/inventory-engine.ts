/**
 * The real inventory as a HistoryEngine: `extractFileFacts` per blob, `analyzeFacts` per
 * commit, the config's scan scope matched against tree paths. The cache version combines
 * FACTS_VERSION with a hash of the extractor's sources (extract/code-hash.ts), so changing the
 * extractor can never serve stale facts from `.capkit/cache/history/`. Imports through tsconfig
 * `paths` and `seam.aliases` resolve as a scan of the working tree resolves them: the working
 * tree's tsconfigs stand for every commit's (paths rarely move; reading each commit's would
 * mean following their `extends` chains through its blobs).
 */
import { createHash } from "node:crypto";
import { defaultConfig, type CapkitConfig } from "../../lib/config/index.js";
import { readImportAliases, type ImportAliases } from "../../lib/import-aliases.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import { extractorCodeHash } from "../extract/code-hash.js";
import { FACTS_VERSION, type FileFacts } from "../extract/facts.js";
import type { HistoryEngine } from "./history-engine.js";
import { scopeMatcher, staticFolders } from "./scope.js";

export function inventoryEngine(config: CapkitConfig = defaultConfig()): HistoryEngine<FileFacts> {
  const inScope = scopeMatcher(config.scan);
  // Read once per root and set of package folders: most commits share both.
  const aliasesFor = memoAliases(config);
  return {
    factsVersion: `${FACTS_VERSION}-${extractorCodeHash()}`,
    folders: staticFolders(config.scan),
    inScope,
    extract: extractFileFacts,
    analyze: ({ root, files, knownFiles, packages, generatedAt }) =>
      analyzeFacts({
        root,
        files,
        knownFiles,
        packages,
        aliases: aliasesFor(
          root,
          packages.map((p) => p.dir),
        ),
        config,
        generatedAt,
        scannedFiles: knownFiles.length,
      }),
    shapeOf: factsShape,
  };
}

function memoAliases(config: CapkitConfig): (root: string, packageDirs: readonly string[]) => ImportAliases {
  let key: string | null = null;
  let aliases: ImportAliases | null = null;
  return (root, packageDirs) => {
    const k = `${root}\0${packageDirs.join("\0")}`;
    if (aliases === null || key !== k) {
      key = k;
      aliases = readImportAliases(root, config.seam.aliases, packageDirs);
    }
    return aliases;
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
