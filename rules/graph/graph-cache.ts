/**
 * One module graph per root and seam config, shared by every file of a lint run and by all
 * graph rules: built on first use, then revalidated at most every `ttlMs` (new, deleted or
 * modified files), and updated in place when ESLint hands a rule text that differs from what
 * was scanned (an unsaved editor buffer). No rule walks the graph per file.
 */
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { listSourceFiles } from "./list-files.js";
import {
  buildGraph,
  buildNode,
  fingerprint,
  type ModuleGraph,
  type ModuleNode,
  type UnreadablePath,
} from "./import-graph.js";
import { createResolver, type Resolver } from "./resolve-import.js";
import { findImportCycles, type ImportCycle } from "./import-cycles.js";
import { findSeamCycles, type SeamCycle } from "./seam-cycles.js";

export interface SeamAnalysis {
  readonly root: string;
  readonly config: SeamConfig;
  readonly graph: ModuleGraph;
  readonly resolver: Resolver;
  readonly cycles: readonly SeamCycle[];
  /** Cycles keyed by the file they are reported on (their first file). */
  readonly cyclesByFile: ReadonlyMap<string, readonly SeamCycle[]>;
}

interface Entry {
  analysis: SeamAnalysis;
  /** File → "mtimeMs:size" when it was last scanned. */
  mtimes: Map<string, string>;
  /** Files whose mtime was too close to their scan to trust (see RACY_MS). */
  racy: Set<string>;
  /** The resolver's tsconfigs → their stamps when it read them. */
  configs: Map<string, string>;
  checkedAt: number;
}

/**
 * Filesystem timestamps are coarse (a kernel tick): a file rewritten within the same tick as
 * the scan that recorded it keeps its mtime. As git does for "racily clean" entries, a file
 * modified this close to its scan is re-read on every check until its mtime is safely older.
 */
const RACY_MS = 2_000;

const cache = new Map<string, Entry>();
export const DEFAULT_TTL_MS = 5_000;
let builds = 0;

function analyse(root: string, config: SeamConfig, graph: ModuleGraph, resolver: Resolver): SeamAnalysis {
  const cycles = findSeamCycles(graph, config.seams);
  const cyclesByFile = new Map<string, SeamCycle[]>();
  for (const c of cycles) {
    const first = c.files[0] as string;
    (cyclesByFile.get(first) ?? cyclesByFile.set(first, []).get(first))?.push(c);
  }
  return { root, config, graph, resolver, cycles, cyclesByFile };
}

function stampOf(root: string, rel: string): { key: string; mtimeMs: number } {
  try {
    const st = statSync(join(root, rel));
    return { key: `${st.mtimeMs}:${st.size}`, mtimeMs: st.mtimeMs };
  } catch {
    return { key: "missing", mtimeMs: -1 };
  }
}

/** Record each file's stamp; note the ones modified too close to now to trust next time. */
function stamp(root: string, files: readonly string[], into: Map<string, string>, racy: Set<string>): void {
  const now = Date.now();
  for (const f of files) {
    const s = stampOf(root, f);
    into.set(f, s.key);
    if (now - s.mtimeMs < RACY_MS) racy.add(f);
    else racy.delete(f);
  }
}

function build(root: string, config: SeamConfig): Entry {
  builds++;
  const unreadable: UnreadablePath[] = [];
  const files = listSourceFiles(root, config.ignore, unreadable);
  const resolver = createResolver(root, { files: new Set(files.map((f) => join(root, f))), aliases: config.aliases });
  // A tsconfig whose paths cannot be read leaves aliased imports unresolved: the graph is
  // incomplete, as with a file that cannot be read (never a green lint over guessed edges).
  for (const p of resolver.problems) unreadable.push({ file: p.file, message: p.message });
  const graph = buildGraph(root, files, resolver, unreadable, config.specs.typeNames);
  const mtimes = new Map<string, string>();
  const racy = new Set<string>();
  stamp(root, files, mtimes, racy);
  const configs = new Map(resolver.configFiles.map((f) => [f, stampOf(root, f).key]));
  return { analysis: analyse(root, config, graph, resolver), mtimes, racy, configs, checkedAt: Date.now() };
}

/** Re-list and re-stat; rebuild when files came or went, rescan the ones that changed. */
function revalidate(entry: Entry): Entry {
  const { root, config, graph, resolver } = entry.analysis;
  if (graph.unreadable.length) return build(root, config); // rare: a fresh look rather than tracking which became readable
  // A tsconfig edit changes what aliased imports resolve to (a tsconfig written within the stat's
  // resolution of the build is missed, as a source file would be without RACY_MS: rare for a config).
  for (const [f, key] of entry.configs) if (stampOf(root, f).key !== key) return build(root, config);
  const files = listSourceFiles(root, config.ignore);
  if (files.length !== entry.mtimes.size || files.some((f) => !entry.mtimes.has(f))) return build(root, config);
  const changed = files.filter((f) => entry.racy.has(f) || stampOf(root, f).key !== entry.mtimes.get(f));
  entry.checkedAt = Date.now();
  if (changed.length === 0) return entry;
  const fresh = buildGraph(root, changed, resolver, graph.unreadable, config.specs.typeNames);
  for (const [rel, node] of fresh.nodes) graph.nodes.set(rel, node);
  stamp(root, changed, entry.mtimes, entry.racy);
  entry.analysis = analyse(root, config, graph, resolver);
  return entry;
}

export function getSeamAnalysis(rootIn: string, config: SeamConfig, ttlMs = DEFAULT_TTL_MS): SeamAnalysis {
  const root = resolve(rootIn);
  const key = `${root}\0${JSON.stringify(config)}`;
  let entry = cache.get(key);
  if (!entry) entry = build(root, config);
  // `>=`: a TTL of 0 means "always re-check", even for two calls within one millisecond.
  else if (Date.now() - entry.checkedAt >= ttlMs) entry = revalidate(entry);
  cache.set(key, entry);
  return entry.analysis;
}

/** The analysis with `rel` read from `text` (what ESLint is linting), rescanning only on a difference. */
export function getSeamAnalysisFor(
  rootIn: string,
  config: SeamConfig,
  rel: string,
  text: string,
  ttlMs = DEFAULT_TTL_MS,
): SeamAnalysis {
  const root = resolve(rootIn);
  const analysis = getSeamAnalysis(root, config, ttlMs);
  const node: ModuleNode | undefined = analysis.graph.nodes.get(rel);
  if (!node || node.fingerprint === fingerprint(text)) return analysis;
  analysis.graph.nodes.set(rel, buildNode(root, rel, text, analysis.resolver, config.specs.typeNames));
  const key = `${root}\0${JSON.stringify(config)}`;
  const entry = cache.get(key) as Entry;
  entry.analysis = analyse(root, config, analysis.graph, analysis.resolver);
  return entry.analysis;
}

export interface ImportCycles {
  readonly cycles: readonly ImportCycle[];
  /** Cycles keyed by the file they are reported on (their first file). */
  readonly byFile: ReadonlyMap<string, readonly ImportCycle[]>;
}

/** Every import cycle of an analysis's graph, seam or not: found on first use, kept with the analysis. */
const importCycles = new WeakMap<SeamAnalysis, ImportCycles>();

export function getImportCycles(analysis: SeamAnalysis): ImportCycles {
  const hit = importCycles.get(analysis);
  if (hit) return hit;
  const cycles = findImportCycles(analysis.graph);
  const byFile = new Map<string, ImportCycle[]>();
  for (const c of cycles) {
    const first = c.files[0] as string;
    (byFile.get(first) ?? byFile.set(first, []).get(first))?.push(c);
  }
  const found = { cycles, byFile };
  importCycles.set(analysis, found);
  return found;
}

export function clearGraphCache(): void {
  cache.clear();
}

/** How many full graph builds this process has done (tests use it to prove one build per run). */
export function graphBuildCount(): number {
  return builds;
}
