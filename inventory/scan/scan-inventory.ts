/**
 * scanInventory(root, options): discover → read → pre-filter → extract → analyze. The only
 * inventory step that touches the file system. Progress goes through `onProgress` (the CLI
 * decides whether to draw it); the engine never prints. This entry lists the files and opens
 * the stat cache; the rest (full-scan.ts) is loaded when the scan runs.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig, type CapkitConfig } from "../../lib/config/index.js";
import type { WalkTrace } from "../../lib/tree-walk.js";
import { readImportAliases, type ImportAliases } from "../../lib/import-aliases.js";
import { listWorkspacePackages, type WorkspacePackage } from "../../lib/workspace-aliases.js";
import type { InventoryResult, ScanProblem } from "../types.js";
import { discoverFiles } from "./discover.js";
import { emptyTimings, firstNeedles, type ScanOptions, type ScanTimings } from "./scan-types.js";
import { openStatCache, readStatCache, statCacheKey } from "./stat-cache.js";
import { listingKey, listingOf, unchangedListing } from "./warm-listing.js";
import { memoKey, memoOf, warmResult } from "./warm-result.js";
import { ReadWorker, readWorkerFor, workerJob } from "./read-worker.js";

export type { ScanOptions, ScanPhase, ScanProgress, ScanTimings } from "./scan-types.js";
export { emptyTimings } from "./scan-types.js";

export async function scanInventory(rootArg: string, options: ScanOptions = {}): Promise<InventoryResult> {
  const root = resolve(rootArg);
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
  const now = options.now ?? Date.now;
  const useStatCache = options.cache === true && options.statCache !== false;
  const walkStart = now();
  const statKey = useStatCache ? statCacheKey(config.base.names, config.classify.beltBuilders) : "";
  const stored = useStatCache ? readStatCache(root, statKey) : null;
  const listKey = listingKey(config.scan);
  // An unchanged listing (no folder moved) gives the files without a walk: warm-listing.ts.
  const listed = useStatCache ? unchangedListing(root, stored, listKey) : undefined;
  const trace: WalkTrace | undefined = useStatCache && !listed ? { folders: [], opaque: false } : undefined;
  // Without a stat cache (CI) a big tree's first read may be shared with a thread (read-worker.ts),
  // started now so that it loads while the tree is listed.
  const reader = useStatCache ? undefined : readWorkerOf(options);
  try {
    const files = listed ?? (await discoverFiles(root, config.scan, problems, trace));
    if (reader && !reader.wanted(files.length)) reader.stop();
    // The thread reads while the rest of the scan's code loads (full-scan.ts joins it).
    else reader?.begin(workerJob(root, files, config));
    lap("discover");
    progress({ phase: "read", done: 0, total: files.length });
    const statCache = useStatCache
      ? openStatCache(root, statKey, files, now(), {
          stored,
          listing: trace ? listingOf(root, listKey, trace, walkStart) : (stored?.listing ?? null),
        })
      : undefined;
    const packages = listWorkspacePackages(root);
    const aliases = importAliases(root, config, packages, problems);
    const memo = statCache && problems.length === 0 ? memoKey(root, config, packages, undefined, aliases) : undefined;
    const warm = statCache && memo ? warmResult(statCache, memo, firstNeedles(config)) : undefined;
    if (warm) {
      statCache?.keepListing();
      tm.statHits = (tm.statHits ?? 0) + files.length;
      tm.gatedFiles = tm.gatedFiles ?? 0;
      tm.reads = tm.reads ?? 0;
      lap("read");
      progress({ phase: "done", done: files.length, total: files.length });
      return warm;
    }
    if (files.length === 0) {
      // Nothing in scope (a wrong folder, a new repository): nothing to read or parse, so neither
      // the parser nor the readers are loaded; the analysis of no files is the result.
      const { analyzeFacts } = await import("../analyze.js");
      const result = analyzeFacts({
        root,
        files: [],
        packages,
        aliases,
        config,
        knownFiles: [],
        scannedFiles: 0,
        problems,
      });
      const text = memo === undefined ? undefined : memoOf(result);
      // Every file (none) was searched for every name: the next run is answered by the memo.
      if (memo !== undefined && text !== undefined) statCache?.save(firstNeedles(config), { key: memo, text });
      lap("analyze");
      progress({ phase: "done", done: 0, total: 0 });
      return result;
    }
    const { scanFiles } = await import("./full-scan.js");
    const start = { root, config, files, problems, statCache, packages, aliases, progress, tm, lap };
    return await scanFiles({
      ...start,
      cache: options.cache === true,
      ...(memo ? { memoKey: memo } : {}),
      ...(options.parseWorker === undefined ? {} : { parseWorker: options.parseWorker }),
      ...(reader && !reader.gone ? { readWorker: reader } : {}),
    });
  } finally {
    reader?.stop();
  }
}

/** tsconfig `paths` and the config's seam aliases; a tsconfig that cannot be read is a scan problem. */
function importAliases(
  root: string,
  config: CapkitConfig,
  packages: readonly WorkspacePackage[],
  problems: ScanProblem[],
): ImportAliases {
  const aliases = readImportAliases(
    root,
    config.seam.aliases,
    packages.map((p) => p.dir),
  );
  for (const p of aliases.problems) problems.push({ file: p.file, line: 0, column: 0, message: p.message });
  return aliases;
}

/** The read worker the options ask for: never beside a parse worker (facts-worker.ts decides that one). */
function readWorkerOf(options: ScanOptions): ReadWorker | undefined {
  const parsing = options.parseWorker ?? process.env["CAPKIT_PARSE_WORKER"] === "1";
  const entry = parsing === false ? readWorkerFor(options.readWorker) : null;
  return entry === null ? undefined : new ReadWorker(entry, options.readWorker !== undefined);
}
