/**
 * scanInventory(root, options): discover → read → pre-filter → extract → analyze. The only
 * inventory step that touches the file system. Progress goes through `onProgress` (the CLI
 * decides whether to draw it); the engine never prints.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig, type CapkitConfig } from "../../lib/config/index.js";
import { listWorkspacePackages } from "../../lib/workspace-aliases.js";
import { analyzeFacts } from "../analyze.js";
import { extractFileFacts } from "../extract/extract-file-facts.js";
import type { FileFacts } from "../extract/facts.js";
import type { InventoryResult, ScanProblem } from "../types.js";
import { discoverFiles } from "./discover.js";
import { openFactsCache, type FactsCache } from "./facts-cache.js";
import { bufferHints, bufferWantedInPhase2, candidateNames, mentionNames, wantedInPhase1, type TextHints } from "./prefilter.js";

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
  /** Reuse and refresh the facts cache in `<root>/.capkit/cache/` (the CLI turns it on). */
  readonly cache?: boolean;
}

/** Raw bytes per file; decoded to text only when a file passes the pre-filter (most never are). */
class Sources {
  readonly bytes = new Map<string, Buffer>();
  private readonly decoded = new Map<string, string>();

  constructor(root: string, files: readonly string[], problems: ScanProblem[]) {
    for (const file of files) {
      try {
        this.bytes.set(file, readFileSync(join(root, file)));
      } catch (error) {
        problems.push({ file, line: 0, column: 0, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
      }
    }
  }

  text(file: string): string {
    let t = this.decoded.get(file);
    if (t === undefined) {
      t = this.bytes.get(file)?.toString("utf8") ?? "";
      this.decoded.set(file, t);
    }
    return t;
  }
}

class Extractor {
  readonly facts = new Map<string, FileFacts>();
  parsed = 0;
  constructor(
    private readonly sources: Sources,
    private readonly cache: FactsCache | undefined,
  ) {}

  extract(list: readonly string[]): void {
    const todo: { file: string; text: string }[] = [];
    for (const file of list) {
      const hit = this.cache?.get(file, this.sources.bytes.get(file) ?? "");
      if (hit) this.facts.set(file, hit);
      else todo.push({ file, text: this.sources.text(file) });
    }
    // Parsing stays on the main thread: a two-worker pool measured slower on the shared 2-core box.
    const fresh = todo.map((t) => extractFileFacts(t.file, t.text));
    fresh.forEach((f, i) => {
      const item = todo[i];
      if (item) this.cache?.set(item.file, this.sources.bytes.get(item.file) ?? item.text, f);
      this.facts.set(f.file, f);
    });
    this.parsed += todo.length;
  }

  saveCache(): void {
    try {
      this.cache?.save();
    } catch {
      // A cache that cannot be written (read-only checkout) only costs the next run its speed-up.
    }
  }
}

function selectPhase1(files: readonly string[], sources: Sources, config: CapkitConfig) {
  const hints = new Map<string, TextHints>();
  for (const [file, buf] of sources.bytes) hints.set(file, bufferHints(buf, () => sources.text(file)));
  const names = candidateNames(config.base.names, hints.values());
  const declaresBase = new RegExp(`\\bclass\\s+(?:${config.base.names.join("|")})\\b`);
  const phase1 = files.filter((f) => {
    const h = hints.get(f);
    if (h === undefined) return false;
    if (f === config.base.module || wantedInPhase1(h, names)) return true;
    const buf = sources.bytes.get(f);
    return buf !== undefined && buf.indexOf("class") !== -1 && declaresBase.test(sources.text(f));
  });
  return { names, phase1 };
}

/** Phase 2: files constructing a class found in phase 1, or naming a belt builder or class factory. */
function selectPhase2(files: readonly string[], sources: Sources, config: CapkitConfig, names: ReadonlySet<string>, facts: ReadonlyMap<string, FileFacts>) {
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
  return files.filter((file) => {
    const buf = sources.bytes.get(file);
    return buf !== undefined && !facts.has(file) && bufferWantedInPhase2(buf, classNames, mention);
  });
}

export async function scanInventory(rootArg: string, options: ScanOptions = {}): Promise<InventoryResult> {
  const root = resolve(rootArg);
  const config = options.config ?? loadConfig(root).config;
  const progress = options.onProgress ?? (() => {});
  progress({ phase: "discover", done: 0, total: 0 });
  const files = await discoverFiles(root, config.scan);
  const problems: ScanProblem[] = [];
  progress({ phase: "read", done: 0, total: files.length });
  const sources = new Sources(root, files, problems);
  const { names, phase1 } = selectPhase1(files, sources, config);
  const extractor = new Extractor(sources, options.cache ? openFactsCache(root) : undefined);
  progress({ phase: "parse", done: 0, total: phase1.length });
  extractor.extract(phase1);
  const phase2 = selectPhase2(files, sources, config, names, extractor.facts);
  extractor.extract(phase2);
  extractor.saveCache();
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
  progress({ phase: "done", done: files.length, total: files.length });
  return result;
}
