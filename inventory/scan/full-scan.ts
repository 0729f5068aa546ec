/**
 * The full scan, once the files are listed and the stat cache is open: read → pre-filter →
 * extract → analyze (scan-inventory.ts is the entry; this module, and the parser and analysis
 * it loads, is imported only when a scan needs them).
 */
import type { CapkitConfig } from "../../lib/config/index.js";
import type { ImportAliases } from "../../lib/import-aliases.js";
import type { WorkspacePackage } from "../../lib/workspace-aliases.js";
import { analyzeFacts, packageRefs } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import type { FileFacts } from "../extract/facts.js";
import type { InventoryResult, ScanProblem } from "../types.js";
import { openFactsCache, type FactsCache } from "./facts-cache.js";
import { factsWorkerFor, type FactsWorker } from "./facts-worker.js";
import { Guesser } from "./worker-guesses.js";
import { readInTwo, workerJob, type ReadWorker } from "./read-worker.js";
import { getTypeScript } from "../../lib/typescript.js";
import { makeGate, type FileGate } from "./byte-gate.js";
import type { ScanOptions, ScanProgress, ScanTimings } from "./scan-types.js";
import { Follower } from "./follow-imports.js";
import { Phase1Selector, selectPhase2, selectTableUsers } from "./select-files.js";
import { Sources } from "./sources.js";
import { memoOf } from "./warm-result.js";
import type { StatCache } from "./stat-cache.js";
import { ModuleGraph } from "../resolve/module-graph.js";
import { resolveSubclasses } from "../resolve/resolve-subclasses.js";

class Extractor {
  readonly facts = new Map<string, FileFacts>();
  parsed = 0;
  parsedChars = 0;
  constructor(
    private readonly sources: Sources,
    private readonly cache: FactsCache | undefined,
    private readonly worker: FactsWorker | undefined,
  ) {}

  async extract(list: readonly string[]): Promise<void> {
    const todo: { file: string; text: string }[] = [];
    // Facts in `list` order whether they came from the cache or a parse: the analysis lists
    // evidence in the order of the facts, and a warm run must say what a cold one says.
    const inOrder: (FileFacts | undefined)[] = [];
    for (const file of list) {
      const bytes = this.sources.bytesOf(file);
      const hit = this.cache && bytes ? this.cache.get(file, bytes) : undefined;
      inOrder.push(hit);
      if (!hit) todo.push({ file, text: bytes?.toString("utf8") ?? "" });
    }
    // The worker's gain is loading TypeScript while the tree is read; the parses themselves are
    // few (a pool splitting them measured slower on a 2-core box).
    const fresh = this.worker ? await this.worker.extract(todo) : todo.map((t) => extractFileFacts(t.file, t.text));
    fresh.forEach((f, i) => {
      const item = todo[i];
      if (item) this.cache?.set(item.file, this.sources.bytes.get(item.file) ?? item.text, f);
    });
    let next = 0;
    for (const hit of inOrder) {
      const f = hit ?? fresh[next++];
      if (f) this.facts.set(f.file, f);
    }
    this.parsed += todo.length;
    for (const t of todo) this.parsedChars += t.text.length;
  }

  /** Ends the parse worker, if there is one (no parse follows). */
  close(): Promise<void> {
    return this.worker?.close() ?? Promise.resolve();
  }

  saveCache(): void {
    try {
      this.cache?.save();
    } catch {
      // A cache that cannot be written (read-only checkout) only costs the next run its speed-up.
    }
  }
}

type Subclasses = ReturnType<typeof resolveSubclasses>["subclasses"];

/** What the phases read but do not change: the discovered files, the package refs, the config. */
interface ScanFrame {
  readonly files: readonly string[];
  readonly refs: ReturnType<typeof packageRefs>;
  readonly aliases: ImportAliases | undefined;
  readonly config: CapkitConfig;
}

/** Phase 1 in rounds: the files naming what is known to be a subclass so far, parsed, resolved. */
async function phase1Rounds(
  selector: Phase1Selector,
  follower: Follower,
  extractor: Extractor,
  parseAndFollow: (list: readonly string[]) => Promise<void>,
  { files, refs, aliases, config }: ScanFrame,
): Promise<Subclasses> {
  let subclasses: Subclasses = new Map();
  for (let known = -1, batch = selector.next([]); batch.length > 0 || subclasses.size > known;) {
    follower.update(selector.names, selector.defaultImports);
    await parseAndFollow(batch);
    known = subclasses.size;
    const facts = [...extractor.facts.values()];
    subclasses = resolveSubclasses(
      new ModuleGraph(extractor.facts, files, refs, aliases),
      facts,
      config.base,
    ).subclasses;
    batch = selector.next([...subclasses.values()].flatMap((s) => (s.cls.name ? [s.cls.name] : [])));
  }
  return subclasses;
}

/**
 * Class tables among the parsed files: a file drawing `new Cls()` from one is evidence too,
 * wherever it is (and a table may spread another one).
 */
async function followClassTables(
  extractor: Extractor,
  follower: Follower,
  parseAndFollow: (list: readonly string[]) => Promise<void>,
  {
    files,
    sources,
    p1,
  }: {
    readonly files: readonly string[];
    readonly sources: Sources;
    readonly p1: { readonly names: ReadonlySet<string>; readonly defaultImports: boolean };
  },
): Promise<void> {
  for (const tables = new Set<string>(); ;) {
    const fresh = [...extractor.facts.values()]
      .flatMap((f) => (f.classTables ?? []).map((t) => t.name))
      .filter((n) => !tables.has(n));
    if (fresh.length === 0) break;
    for (const n of fresh) tables.add(n);
    follower.update(new Set([...p1.names, ...tables]), p1.defaultImports);
    await parseAndFollow(selectTableUsers(files, sources, tables, extractor.facts));
  }
}

/** The scan's counters, added to what the timings already hold (a caller may sum several scans). */
function addScanCounts(tm: ScanTimings, sources: Sources, extractor: Extractor, statCached: boolean): void {
  if (statCached) tm.statHits = (tm.statHits ?? 0) + sources.statHits;
  tm.gatedFiles = (tm.gatedFiles ?? 0) + sources.gates.size;
  tm.reads = (tm.reads ?? 0) + sources.reads;
  tm.parsedFiles += extractor.parsed;
  tm.parsedChars += extractor.parsedChars;
}

/** What the entry hands the full scan: the root, its config and files, and the scan's bookkeeping. */
export interface ScanStart {
  readonly root: string;
  readonly config: CapkitConfig;
  readonly files: readonly string[];
  readonly problems: ScanProblem[];
  readonly statCache: StatCache | undefined;
  readonly packages: readonly WorkspacePackage[];
  readonly aliases?: ImportAliases;
  /** The key to keep this scan's result under with the stat cache (warm-result.ts); absent: none kept. */
  readonly memoKey?: string;
  /** Reuse and refresh the facts cache. */
  readonly cache: boolean;
  readonly progress: (event: ScanProgress) => void;
  readonly tm: ScanTimings;
  readonly lap: (step: "discover" | "read" | "prefilter" | "parse" | "analyze") => void;
  readonly parseWorker?: ScanOptions["parseWorker"];
  /** The read worker started while the tree was listed (scan-inventory.ts), if any. */
  readonly readWorker?: ReadWorker;
}

export async function scanFiles(start: ScanStart): Promise<InventoryResult> {
  const { root, config, files, problems, statCache, tm, lap } = start;
  const gate = makeGate(config.base.names, config.classify.beltBuilders);
  const job = workerJob(root, files, config);
  const { needles, always } = job.spec;
  const factsCache = start.cache ? openFactsCache(root) : undefined;
  const worker = factsWorkerFor(start.parseWorker, factsCache);
  // The thread starts (and loads TypeScript) at the first file naming what matters, mid-read, and
  // is handed the gated files phase 1 may parse as they are read: its idle time goes to them.
  const onGated = worker ? () => worker.start() : undefined;
  const guesser = new Guesser(config.base.names);
  const onGatedFile = worker
    ? (file: string, bytes: Buffer, g: FileGate) => {
        const guess = guesser.of(file, bytes, g);
        if (guess) worker.guess(guess);
      }
    : undefined;
  // Without a stat cache or a parse worker, a big tree's first read is shared with a worker thread,
  // and TypeScript is loaded beside it once a file that will most likely be parsed is gated.
  const reader = worker || statCache ? undefined : start.readWorker;
  const records = reader
    ? await readInTwo(reader, {
        ...job,
        gate,
        ...((factsCache?.loaded ?? 0) === 0 ? { onLikelyParse: () => void getTypeScript() } : {}),
      })
    : undefined;
  const sources = new Sources(root, files, problems, gate, undefined, statCache, {
    needles,
    always,
    ...(onGated ? { onGated } : {}),
    ...(onGatedFile ? { onGatedFile } : {}),
    ...(records ? { records } : {}),
  });
  lap("read");
  tm.read -= sources.gateMs;
  tm.prefilter += sources.gateMs;
  try {
    return await selectParseAnalyze(start, sources, gate, new Extractor(sources, factsCache, worker));
  } finally {
    await worker?.close();
  }
}

/** Everything after the first read: the phases, the caches' save, the analysis. */
async function selectParseAnalyze(
  start: ScanStart,
  sources: Sources,
  gate: ReturnType<typeof makeGate>,
  extractor: Extractor,
): Promise<InventoryResult> {
  const { root, config, files, problems, statCache, packages, aliases, progress, tm, lap } = start;
  const refs = packageRefs(root, packages);
  const follower = new Follower(new ModuleGraph(new Map(), files, refs, aliases), sources);
  // Parse, then the barrels the parsed files' imports lead through, until none is left.
  const parseAndFollow = async (list: readonly string[]) => {
    for (let batch = list; batch.length > 0;) {
      lap("prefilter");
      await extractor.extract(batch);
      lap("parse");
      batch = follower.next(
        batch.flatMap((f) => extractor.facts.get(f) ?? []),
        extractor.facts,
      );
    }
  };
  const selector = new Phase1Selector(files, sources, config, statCache);
  progress({ phase: "parse", done: 0, total: 0 });
  const subclasses = await phase1Rounds(selector, follower, extractor, parseAndFollow, {
    files,
    refs,
    aliases,
    config,
  });
  const factories = new Set(
    [...subclasses.values()].flatMap((s) =>
      s.cls.enclosingFunction ? [s.cls.enclosingFunction.split(".").pop() ?? s.cls.enclosingFunction] : [],
    ),
  );
  const classNames = selector.renamesOf([...subclasses.values()].flatMap((s) => (s.cls.name ? [s.cls.name] : [])));
  const p1 = { names: selector.names, classNames, factories, defaultImports: selector.defaultImports };
  follower.update(p1.names, p1.defaultImports);
  const phase2 = selectPhase2(files, sources, config, p1, extractor.facts, gate);
  await parseAndFollow(phase2);
  await followClassTables(extractor, follower, parseAndFollow, { files, sources, p1 });
  const closed = extractor.close(); // the thread ends while the caches are saved and the facts analysed
  lap("prefilter");
  extractor.saveCache();
  sources.record();
  lap("parse");
  addScanCounts(tm, sources, extractor, statCache !== undefined);
  progress({ phase: "analyze", done: extractor.facts.size, total: extractor.facts.size });
  const result = analyzeFacts({
    root,
    files: [...extractor.facts.values()],
    packages,
    ...(aliases ? { aliases } : {}),
    config,
    knownFiles: files,
    scannedFiles: files.length,
    problems,
  });
  lap("analyze");
  const memo = start.memoKey === undefined ? undefined : memoOf(result);
  statCache?.save(
    sources.searched,
    memo === undefined || start.memoKey === undefined ? undefined : { key: start.memoKey, text: memo },
  );
  lap("parse");
  await closed;
  progress({ phase: "done", done: files.length, total: files.length });
  return result;
}
