/**
 * scanInventory(root, options): discover → read → pre-filter → extract → analyze. The only
 * inventory step that touches the file system. Progress goes through `onProgress` (the CLI
 * decides whether to draw it); the engine never prints. This entry lists the files and opens
 * the stat cache; the rest (full-scan.ts) is loaded when the scan runs.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../../lib/config/index.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";
import type { InventoryResult, ScanProblem } from "../types.js";
import { discoverFiles } from "./discover.js";
import { emptyTimings, firstNeedles, type ScanOptions, type ScanTimings } from "./scan-types.js";
import { cpuMark } from "./machine-load.js";
import { openStatCache, statCacheKey } from "./stat-cache.js";
import { memoKey, warmResult } from "./warm-result.js";

export type { ScanOptions, ScanPhase, ScanProgress, ScanTimings } from "./scan-types.js";
export { emptyTimings } from "./scan-types.js";

export async function scanInventory(rootArg: string, options: ScanOptions = {}): Promise<InventoryResult> {
  const root = resolve(rootArg);
  // Discovery is the window over which the machine's load is measured (facts-worker.ts decides on a thread).
  const cpuAtStart = options.parseWorker === undefined ? cpuMark() : undefined;
  const config = options.config ?? loadConfig(root).config;
  const progress = options.onProgress ?? (() => {});
  const tm: ScanTimings = options.timings ?? emptyTimings();
  let mark = performance.now();
  const lap = (step: "discover" | "read" | "prefilter" | "parse" | "analyze") => {
    const now = performance.now();
    tm[step] += now - mark;
    mark = now;
  };
  progress({ phase: "discover", done: 0, total: 0 });
  const problems: ScanProblem[] = [];
  const files = await discoverFiles(root, config.scan, problems);
  lap("discover");
  progress({ phase: "read", done: 0, total: files.length });
  const statCache =
    options.cache && options.statCache !== false
      ? openStatCache(
          root,
          statCacheKey(config.base.names, config.classify.beltBuilders),
          files,
          (options.now ?? Date.now)(),
        )
      : undefined;
  const packages = listWorkspacePackages(root);
  const memo = statCache && problems.length === 0 ? memoKey(root, config, packages) : undefined;
  const warm = statCache && memo ? warmResult(statCache, memo, firstNeedles(config)) : undefined;
  if (warm) {
    tm.statHits = (tm.statHits ?? 0) + files.length;
    tm.gatedFiles = tm.gatedFiles ?? 0;
    tm.reads = tm.reads ?? 0;
    lap("read");
    progress({ phase: "done", done: files.length, total: files.length });
    return warm;
  }
  const { scanFiles } = await import("./full-scan.js");
  const start = { root, config, files, problems, statCache, packages, progress, tm, lap };
  return scanFiles({
    ...start,
    cache: options.cache === true,
    ...(memo ? { memoKey: memo } : {}),
    ...(options.parseWorker === undefined ? {} : { parseWorker: options.parseWorker }),
    ...(cpuAtStart ? { cpuMark: cpuAtStart } : {}),
  });
}
