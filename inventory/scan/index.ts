/**
 * The scan's own entry, for a caller that only scans (the CLI): `scanInventory` without the rest
 * of inventory/index.ts, so a warm scan answered from the stat cache never loads the parser or
 * the analysis (scan-inventory.ts loads them when a scan needs them).
 */
export {
  scanInventory,
  type ScanOptions,
  type ScanPhase,
  type ScanProgress,
  type ScanTimings,
} from "./scan-inventory.js";
export { assertReadableRoot } from "./discover.js";
