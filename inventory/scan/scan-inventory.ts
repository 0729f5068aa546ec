/**
 * scanInventory(root, options): discover → read → pre-filter → extract → analyze. The only
 * inventory step that touches the file system. Progress goes through `onProgress` (the CLI
 * decides whether to draw it); the engine never prints.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig, type CapkitConfig } from "../../lib/config/index.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import type { FileFacts } from "../extract/facts.js";
import type { InventoryResult, ScanProblem } from "../types.js";
import { discoverFiles } from "./discover.js";
import { openFactsCache, type FactsCache } from "./facts-cache.js";
import { bufferWantedInPhase2, candidateNames, defaultImportLocals, mentionNames, textHints, wantedInPhase1, type TextHints } from "./prefilter.js";
import { makeGate, type FileGate, type Gate } from "./gate.js";
import { Sources } from "./sources.js";
import { openStatCache, statCacheKey, type StatCache } from "./stat-cache.js";
import { BUILTIN_CONSTRUCTORS } from "../extract/builtins.js";

export type ScanPhase = "discover" | "read" | "parse" | "analyze" | "done";

export interface ScanProgress {
  readonly phase: ScanPhase;
  readonly done: number;
  readonly total: number;
}

export interface ScanOptions {
  /** Defaults to `capkit.config.json` at the root (or the built-in defaults when absent). */
  readonly config?: CapkitConfig;
  readonly onProgress?: (event: ScanProgress) => void;
  /** Reuse and refresh the caches in `<root>/.capkit/cache/inventory/` (the CLI turns it on). */
  readonly cache?: boolean;
  /**
   * With `cache`: also the stat cache (default true). The CLI turns it off in CI, where a fresh
   * checkout gives every file a new mtime, so stat-ing and recording would only cost.
   */
  readonly statCache?: boolean;
  /** Filled with wall-clock milliseconds per step (for the benchmark's breakdown). */
  readonly timings?: ScanTimings;
  /**
   * Wall clock (ms since the epoch; default Date.now). With the stat cache, the scan's start
   * decides which files are settled enough to record; tests pass their own.
   */
  readonly now?: () => number;
}

export interface ScanTimings {
  discover: number;
  read: number;
  prefilter: number;
  parse: number;
  analyze: number;
  /** Files parsed (cache misses) and their total characters. */
  parsedFiles: number;
  parsedChars: number;
  /** Files the stat cache answered for without a read (with `cache: true`). */
  statHits?: number;
}

class Extractor {
  readonly facts = new Map<string, FileFacts>();
  parsed = 0;
  parsedChars = 0;
  constructor(
    private readonly sources: Sources,
    private readonly cache: FactsCache | undefined,
  ) {}

  extract(list: readonly string[]): void {
    const todo: { file: string; text: string }[] = [];
    for (const file of list) {
      const bytes = this.sources.bytesOf(file);
      const hit = this.cache && bytes ? this.cache.get(file, bytes) : undefined;
      if (hit) this.facts.set(file, hit);
      else todo.push({ file, text: bytes?.toString("utf8") ?? "" });
    }
    // Parsing stays on the main thread: a two-worker pool measured slower on the shared 2-core box.
    const fresh = todo.map((t) => extractFileFacts(t.file, t.text));
    fresh.forEach((f, i) => {
      const item = todo[i];
      if (item) this.cache?.set(item.file, this.sources.bytes.get(item.file) ?? item.text, f);
      this.facts.set(f.file, f);
    });
    this.parsed += todo.length;
    for (const t of todo) this.parsedChars += t.text.length;
  }

  saveCache(): void {
    try {
      this.cache?.save();
    } catch {
      // A cache that cannot be written (read-only checkout) only costs the next run its speed-up.
    }
  }
}

function selectPhase1(files: readonly string[], sources: Sources, config: CapkitConfig, statCache: StatCache | undefined) {
  const hints = new Map<string, TextHints>();
  for (const [file, gate] of sources.gates) {
    if (!gate.hinted) continue;
    let h = sources.cachedHints.get(file);
    if (!h) {
      h = textHints(sources.text(file), { mixinVars: gate.baseArgument });
      statCache?.recordHints(file, h);
    }
    hints.set(file, h);
  }
  const names = candidateNames(config.base.names, hints.values());
  const phase1 = files.filter((f) => {
    const gate = sources.gates.get(f);
    if (gate === undefined) return false;
    const h = hints.get(f);
    return f === config.base.module || (h !== undefined && wantedInPhase1(h, names)) || gate.declaresBase;
  });
  return { names, phase1 };
}

/**
 * Phase 2: files constructing a class found in phase 1, or naming a belt builder or class factory.
 * The byte gate answers for the belt builders and non-built-in `new` targets; the rest (factory
 * names, a class named like a built-in) is looked up in the bytes, which for most files means
 * reading them again (Sources keeps only the files the gate flagged).
 */
function selectPhase2(files: readonly string[], sources: Sources, config: CapkitConfig, names: ReadonlySet<string>, facts: ReadonlyMap<string, FileFacts>, gate: Gate) {
  const classNames = new Set(names);
  // Gate calls need no search of their own: the constructing file is parsed anyway and records them.
  const fnNames = new Set<string>(config.classify.beltBuilders);
  for (const f of facts.values()) {
    for (const c of f.classes) {
      if (c.name) classNames.add(c.name);
      if (c.enclosingFunction) fnNames.add(c.enclosingFunction.split(".").pop() ?? c.enclosingFunction);
    }
  }
  const mention = mentionNames(fnNames);
  const gated = new Set(mentionNames(config.classify.beltBuilders).filter((n) => !gate.uncheckedBelt.includes(n)));
  const extraMentions = mention.filter((n) => !gated.has(n)).map((n) => Buffer.from(n, "latin1"));
  const builtinClass = [...classNames].some((n) => BUILTIN_CONSTRUCTORS.has(n));
  const open = files.filter((file) => sources.gates.has(file) && !facts.has(file));
  if (builtinClass) return sources.select(open, (buf) => bufferWantedInPhase2(buf, classNames, mention));
  // A class exported as a module's default can be constructed under any name its importer picks.
  const defaultClass = [...facts.values()].some((f) => f.localExports.some((e) => e.exported === "default" && f.classes.some((c) => (c.name ?? c.key) === e.local)));
  const byGate = new Set(open.filter((file) => {
    const g = sources.gates.get(file);
    if (g === undefined) return false;
    if (g.mentionsBelt || g.newTargets.some((t) => classNames.has(t))) return true;
    return defaultClass && g.newTargets.length > 0 && defaultImportLocals(sources.text(file)).some((local) => g.newTargets.includes(local));
  }));
  if (extraMentions.length === 0) return open.filter((file) => byGate.has(file));
  const byBytes = new Set(sources.select(open.filter((file) => !byGate.has(file)), (buf) => extraMentions.some((name) => buf.indexOf(name) !== -1)));
  return open.filter((file) => byGate.has(file) || byBytes.has(file));
}

/** The files a later step may decode or search in memory; the others are only re-read when phase 2 must search them. */
function keepFor(config: CapkitConfig) {
  return (file: string, g: FileGate) => g.hinted || g.declaresBase || g.mentionsBelt || g.newTargets.length > 0 || file === config.base.module;
}

export async function scanInventory(rootArg: string, options: ScanOptions = {}): Promise<InventoryResult> {
  const root = resolve(rootArg);
  const config = options.config ?? loadConfig(root).config;
  const progress = options.onProgress ?? (() => {});
  const tm: ScanTimings = options.timings ?? { discover: 0, read: 0, prefilter: 0, parse: 0, analyze: 0, parsedFiles: 0, parsedChars: 0 };
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
  const gate = makeGate(config.base.names, config.classify.beltBuilders);
  const statCache = options.cache && options.statCache !== false ? openStatCache(root, statCacheKey(config.base.names, config.classify.beltBuilders), (options.now ?? Date.now)()) : undefined;
  const sources = new Sources(root, files, problems, gate, keepFor(config), statCache);
  lap("read");
  tm.read -= sources.gateMs;
  tm.prefilter += sources.gateMs;
  const { names, phase1 } = selectPhase1(files, sources, config, statCache);
  lap("prefilter");
  const extractor = new Extractor(sources, options.cache ? openFactsCache(root) : undefined);
  progress({ phase: "parse", done: 0, total: phase1.length });
  extractor.extract(phase1);
  lap("parse");
  const phase2 = selectPhase2(files, sources, config, names, extractor.facts, gate);
  lap("prefilter");
  extractor.extract(phase2);
  extractor.saveCache();
  statCache?.save();
  lap("parse");
  if (statCache) tm.statHits = (tm.statHits ?? 0) + sources.statHits;
  tm.parsedFiles += extractor.parsed;
  tm.parsedChars += extractor.parsedChars;
  progress({ phase: "analyze", done: phase1.length + phase2.length, total: phase1.length + phase2.length });
  const result = analyzeFacts({
    root,
    files: [...extractor.facts.values()],
    packages: listWorkspacePackages(root),
    config,
    knownFiles: files,
    scannedFiles: files.length,
    problems,
  });
  lap("analyze");
  progress({ phase: "done", done: files.length, total: files.length });
  return result;
}
