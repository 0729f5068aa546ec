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
import { candidateNames, mentionPattern, textHints, wantedInPhase1, wantedInPhase2 } from "./prefilter.js";

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
}

export async function scanInventory(rootArg: string, options: ScanOptions = {}): Promise<InventoryResult> {
  const root = resolve(rootArg);
  const config = options.config ?? loadConfig(root).config;
  const progress = options.onProgress ?? (() => {});
  progress({ phase: "discover", done: 0, total: 0 });
  const files = await discoverFiles(root, config.scan);
  const problems: ScanProblem[] = [];
  const texts = new Map<string, string>();
  progress({ phase: "read", done: 0, total: files.length });
  for (const file of files) {
    try {
      texts.set(file, readFileSync(join(root, file), "utf8"));
    } catch (error) {
      problems.push({ file, line: 0, column: 0, message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
    }
  }
  const hints = new Map([...texts].map(([file, text]) => [file, textHints(text)] as const));
  const names = candidateNames(config.base.names, hints.values());
  const declaresBase = new RegExp(`\\bclass\\s+(?:${config.base.names.join("|")})\\b`);
  const phase1 = files.filter((f) => {
    const h = hints.get(f);
    return h !== undefined && (f === config.base.module || wantedInPhase1(h, names) || declaresBase.test(texts.get(f) ?? ""));
  });
  const facts = new Map<string, FileFacts>();
  let parsed = 0;
  const total = () => phase1.length + parsed;
  const extract = (file: string) => {
    facts.set(file, extractFileFacts(file, texts.get(file) ?? ""));
    parsed++;
    if (parsed % 50 === 0) progress({ phase: "parse", done: parsed, total: total() });
  };
  phase1.forEach(extract);
  const classNames = new Set(names);
  const fnNames = new Set<string>([...config.classify.beltBuilders, ...config.classify.gateFunctions]);
  for (const f of facts.values()) {
    for (const c of f.classes) {
      if (c.name) classNames.add(c.name);
      if (c.enclosingFunction) fnNames.add(c.enclosingFunction.split(".").pop() ?? c.enclosingFunction);
    }
  }
  const mention = mentionPattern(fnNames);
  for (const file of files) {
    const text = texts.get(file);
    if (text !== undefined && !facts.has(file) && wantedInPhase2(text, classNames, mention)) extract(file);
  }
  progress({ phase: "analyze", done: parsed, total: parsed });
  const result = analyzeFacts({
    root,
    files: [...facts.values()],
    packages: listWorkspacePackages(root),
    config,
    knownFiles: files,
    scannedFiles: files.length,
    problems,
  });
  progress({ phase: "done", done: files.length, total: files.length });
  return result;
}
