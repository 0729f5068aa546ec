/**
 * requireWithCodeCache(id): `require(id)` for a big CommonJS library (TypeScript: megabytes of
 * JavaScript to compile on every CLI run; the CLI's own bundle), compiled with a V8 code cache
 * kept on disk.
 * Node 22 has module.enableCompileCache() for this; Node 20, which capkit supports, does not.
 * With the cache the load is several times faster. The cache is written when the process exits, so it
 * also holds the functions compiled while the library was used (the parser, not only its
 * top level), and only when there was none or V8 rejected it (another Node, another library
 * version: V8 checks the source and its own version and flags, and falls back to compiling).
 *
 * The module is registered in `require.cache` under its real path, so a later `require` or
 * `import` of the same library (ts-morph's typecheck, typescript-eslint) gets the same copy
 * rather than loading a second one. If the library was already loaded, that copy is returned.
 * The cache lives in `$XDG_CACHE_HOME/capkit` (or `~/.cache/capkit`), a per-user folder: a
 * shared temp folder would let another user plant compiled code. Any failure (no home, a
 * read-only disk) only costs the speed-up. CAPKIT_CODE_CACHE=0 turns it off.
 */
import { isAscii } from "node:buffer";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { constants as vmConstants, Script } from "node:vm";
import { writeFileAtomic } from "./atomic-write.js";

const requireHere = createRequire(import.meta.url);
const DEFAULT_LOADER = (vmConstants as Partial<typeof vmConstants> | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

/** Where the cache files go; null when turned off or when there is no per-user folder. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env["CAPKIT_CODE_CACHE"] === "0") return null;
  const base = env["XDG_CACHE_HOME"] || (homedir() ? join(homedir(), ".cache") : "");
  return base ? join(base, "capkit", "v8-code-cache") : null;
}

interface NodeModuleInternals {
  _nodeModulePaths(from: string): string[];
}

export interface CodeCacheLoad<T> {
  readonly exports: T;
  /** "hit": compiled from the cache; "miss": compiled from source (cache written at exit); "off"/"loaded": no cache used. */
  readonly cache: "hit" | "miss" | "off" | "loaded";
}

/** `dir` null: a plain require (no cache). */
export function requireWithCodeCache<T>(id: string, dir: string | null = codeCacheDir()): CodeCacheLoad<T> {
  const file = requireHere.resolve(id);
  const existing = requireHere.cache[file];
  if (existing?.loaded) return { exports: existing.exports as T, cache: "loaded" };
  if (dir === null) return { exports: requireHere(id) as T, cache: "off" };

  const source = readSource(file);
  const stat = statSync(file);
  const safeId = id.replace(/[^\w.-]+/g, "_");
  const cacheName = `${safeId}-${stat.size}-${Math.floor(stat.mtimeMs)}-${process.version}-${process.arch}.bin`;
  const cacheFile = join(dir, cacheName);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The same wrapper Node puts around a CommonJS module, so the library sees its usual scope.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    // A dynamic import() in the library (the CLI's bundle loads the other commands' modules so)
    // resolves as it would in a module Node loaded; Node before 20.12 has no such loader to name.
    ...(DEFAULT_LOADER ? { importModuleDynamically: DEFAULT_LOADER } : {}),
  });
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = (Module as unknown as NodeModuleInternals)._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: Module, f: string, d: string) => void;
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  requireHere.cache[file] = mod;

  const hit = cachedData !== undefined && !script.cachedDataRejected;
  if (hit) markUsed(cacheFile);
  else {
    const write = () => {
      pending.delete(write);
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileAtomic(cacheFile, script.createCachedData(), { durable: false });
        pruneStale(dir, safeId, cacheName);
      } catch {
        // No cache this time; the next run compiles from source again.
      }
    };
    pending.add(write);
    process.once("exit", () => {
      if (pending.has(write)) write();
    });
  }
  return { exports: mod.exports as T, cache: hit ? "hit" : "miss" };
}

/** How many caches of one library are kept: a few installs (checkouts, worktrees) used in turn each keep theirs. */
export const CACHES_PER_LIBRARY = 3;

/** A hit moves the file's mtime: pruning drops the caches used least recently, not the oldest written. */
function markUsed(cacheFile: string): void {
  try {
    const now = new Date();
    utimesSync(cacheFile, now, now);
  } catch {
    // A read-only cache folder: pruning then goes by when each was written.
  }
}

/**
 * Removes all but the CACHES_PER_LIBRARY most recently used cache files of the same library: each
 * install (size and mtime in the name) or Node version leaves one of megabytes, so a folder that
 * kept them all would grow without end, while keeping one only would make two checkouts used in
 * turn recompile on every run.
 */
function pruneStale(dir: string, safeId: string, keep: string): void {
  const escaped = safeId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const sameId = new RegExp(`^${escaped}-\\d+-\\d+-v[\\w.-]+-\\w+\\.bin$`);
  const others: { name: string; used: number }[] = [];
  for (const name of readdirSync(dir)) {
    if (name === keep || !sameId.test(name)) continue;
    const used = statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs;
    if (used !== undefined) others.push({ name, used });
  }
  others.sort((a, b) => b.used - a.used || (a.name < b.name ? -1 : 1));
  for (const { name } of others.slice(CACHES_PER_LIBRARY - 1)) {
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // Another process may be reading or removing it; it goes next time.
    }
  }
}

/** Cache writes waiting for the process's exit. */
const pending = new Set<() => void>();

/** Whether a cache waits to be written (a thread that must write it is not terminated). */
export function hasPendingCodeCaches(): boolean {
  return pending.size > 0;
}

/**
 * Writes now the caches that would be written at exit: a worker thread that is terminated
 * never sees its `exit` event, so it calls this once it has done its work.
 */
export function writePendingCodeCaches(): void {
  for (const write of [...pending]) write();
}

/**
 * The library's source. Read as bytes and decoded as latin1 when they are all ASCII (TypeScript's
 * is): the same string, without UTF-8 decoding's cost on megabytes.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
}
