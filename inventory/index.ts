/**
 * The inventory engine's public entry: find every subclass of the configured base class,
 * classify it with evidence, count, and ratchet. Engines return plain data (inventory/types.ts);
 * bin/commands/inventory.ts renders and exits.
 *
 *   extractFileFacts(relPath, text)        pure per-file facts (cacheable per blob)
 *   analyzeFacts({ root, files, packages, config })   cross-file resolution, classification, counters
 *   scanInventory(root, { config, onProgress })       discover + read + extract + analyze
 */
export { extractFileFacts } from "./extract/extract-file-facts.js";
export type * from "./extract/facts.js";
export { FACTS_VERSION } from "./extract/facts.js";
export { analyzeFacts, type AnalyzeInput } from "./analyze.js";
export {
  scanInventory,
  type ScanOptions,
  type ScanTimings,
  type ScanProgress,
  type ScanPhase,
} from "./scan/scan-inventory.js";
export { assertReadableRoot, discoverFiles, isUnreadableProblem } from "./scan/discover.js";
export {
  textHints,
  bufferHints,
  bufferWantedInPhase2,
  candidateNames,
  wantedInPhase1,
  mentionNames,
  type TextHints,
} from "./scan/prefilter.js";
export { BLOCKER_CODES, type BlockerCode } from "./classify/blockers.js";
export {
  RUN_METHODS,
  inputThisTyping,
  isRunMethod,
  pickRunMethod,
  isRunMethodField,
  readExtraParameter,
  runMethodTakesContext,
  type RunMethod,
} from "./extract/run-methods.js";
export { SPEC_FIELDS } from "./extract/member-notes.js";
export { langChainMetadata, type LangChainMetadata } from "./extract/langchain-metadata.js";
export { LANGCHAIN_BASE_MODULE, passesOnlyOwnParameters } from "./extract/langchain-base.js";
export * from "./ratchet/index.js";
export * from "./types.js";
