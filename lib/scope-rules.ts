/**
 * A scope (include / exclude globs: the config's `scan` section, or lint's source pattern and
 * `ignore`) compiled to the rules fast-glob 3 applies with `onlyFiles, dot: false, ignore:
 * exclude`, so the hand walker (lib/scope-walk.ts, for the inventory and lint) and the
 * git-history matcher (inventory/history/scope.ts) select exactly the files fast-glob would.
 * Symlinks are the walker's business (lib/tree-walk.ts: followed once). What fast-glob does,
 * checked by experiment and by inventory/scan/discover.test.ts:
 * - patterns are brace-expanded first, then grouped into tasks by their static base folder;
 *   when any base is the root, one task at the root holds every pattern;
 * - a file is listed when an include of its task matches it (`dot: false`) and no exclude does
 *   (excludes match with `dot: true`); `x/**` also matches a file named `x` unless `*` ends `x`;
 * - a folder below the task's base is not entered when it matches an exclude that ends in
 *   `/**` or has a literal last segment (`**\/node_modules`), the latter with `dot: false`;
 *   so `**\/tests` hides `packages/a/tests/t.ts` but not `packages/.cfg/tests/t.ts`;
 * - an include without wildcards is looked up directly: no folder is skipped for it.
 * Only patterns of lib/glob.ts's dialect are supported (`scopeWalkProblem`).
 */
import { anyGlobRegExp, expandBraces, globDialectProblem } from "./glob.js";
import { addTo } from "./multimap.js";

export interface ScopePatterns {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

export interface ScopeTask {
  /** Root-relative folder the task lists ("" for the root); never itself skipped. */
  readonly base: string;
  /** Any include of the task matches. */
  readonly include: RegExp;
  /** Whether an include can match a segment starting with `.` (a literal `.` or a class there). */
  readonly dotEntries: boolean;
  /** An `x/**` exclude covers the base or a folder above it: the task lists nothing. */
  readonly excluded: boolean;
}

export interface ScopeRules {
  readonly tasks: readonly ScopeTask[];
  /** Includes without wildcards: root-relative file paths. */
  readonly staticFiles: readonly string[];
  /** An exclude matches the file path. */
  excludesFile(path: string): boolean;
  /**
   * The same answer, faster, for a file a walk reached from its task's base (not `excluded`)
   * without entering a folder that `skipsFolder`; `name` is the path's last segment.
   */
  excludesWalkedFile(path: string, name: string): boolean;
  /** The folder (below a task base) is not entered. */
  skipsFolder(path: string): boolean;
}

const WILDCARD = /[*?[]/;

/** Brace-expanded, duplicate slashes collapsed and `./` dropped, as fast-glob prepares patterns. */
function expand(patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of patterns) {
    for (const e of expandBraces(p)) {
      const clean = e.replace(/(?!^)\/{2,}/g, "/").replace(/^\.\//, "");
      if (clean) out.add(clean);
    }
  }
  return [...out];
}

/** The static leading folders of a brace-free pattern ("" when it starts with a wildcard). */
function baseOf(pattern: string): string {
  const segments = pattern.split("/");
  const literal: string[] = [];
  for (const s of segments.slice(0, -1)) {
    if (WILDCARD.test(s)) break;
    literal.push(s);
  }
  return literal.join("/");
}

/** The pattern without its trailing `/**` segments, when it has any: every path below a match is matched. */
function globstarPrefix(pattern: string): string | null {
  let prefix = pattern;
  while (prefix.endsWith("/**")) prefix = prefix.slice(0, -3);
  return prefix === pattern ? null : prefix;
}

/**
 * The patterns plus, for each one ending in `/**`, the part before it: micromatch makes a
 * trailing `/**` optional unless a `*` precedes it, so `**\/dist/**` matches a file `a/dist`.
 */
function withTrailingGlobstarOptional(patterns: readonly string[]): string[] {
  const prefixes = patterns.map(globstarPrefix).filter((p): p is string => p !== null && !p.endsWith("*"));
  return [...patterns, ...prefixes];
}

function lastSegment(pattern: string): string {
  return pattern.slice(pattern.lastIndexOf("/") + 1);
}

/** Whether a segment below `base` starts with a literal `.` or a class (which fast-glob lets match a dot). */
function canMatchDotSegment(pattern: string, base: string): boolean {
  const below = pattern.split("/").slice(base ? base.split("/").length : 0);
  return below.some((s) => s.startsWith(".") || s.startsWith("["));
}

export function compileScope(scope: ScopePatterns): ScopeRules {
  const include = expand(scope.include);
  const exclude = expand(scope.exclude);
  const dynamic = include.filter((p) => WILDCARD.test(p));
  const groups = new Map<string, string[]>();
  const atRoot = dynamic.some((p) => baseOf(p) === "");
  for (const p of dynamic) {
    const base = atRoot ? "" : baseOf(p);
    addTo(groups, base, p);
  }
  const globstarPrefixes = exclude.map(globstarPrefix).filter((p): p is string => p !== null);
  const underExcluded = anyGlobRegExp(globstarPrefixes, { dot: true });
  const literalFolder = anyGlobRegExp(
    exclude.filter((p) => !WILDCARD.test(lastSegment(p))),
    { dot: false },
  );
  const tasks = [...groups].map(([base, patterns]) => ({
    base,
    include: anyGlobRegExp(withTrailingGlobstarOptional(patterns), { dot: false }),
    dotEntries: patterns.some((p) => canMatchDotSegment(p, base)),
    excluded: ancestorsOrSelf(base).some((folder) => underExcluded.test(folder)),
  }));

  // Per walked file, `x/**` excludes need no test (their folders are skipped; `excluded`
  // covers the base and above), and `**/name` ones are tested on the file name alone.
  const fileExcludes = withTrailingGlobstarOptional(exclude);
  const rest = fileExcludes.filter((p) => !p.endsWith("/**"));
  const byName = rest.filter((p) => /^\*\*\/[^/]+$/.test(p));
  const fileRe = anyGlobRegExp(fileExcludes, { dot: true });
  const nameRe = anyGlobRegExp(
    byName.map((p) => p.slice(3)),
    { dot: true },
  );
  const pathRe =
    rest.length > byName.length
      ? anyGlobRegExp(
          rest.filter((p) => !byName.includes(p)),
          { dot: true },
        )
      : null;
  return {
    tasks,
    staticFiles: include.filter((p) => !WILDCARD.test(p)),
    excludesFile: (path) => fileRe.test(path),
    excludesWalkedFile: (path, name) => nameRe.test(name) || (pathRe !== null && pathRe.test(path)),
    skipsFolder: (path) => underExcluded.test(path) || literalFolder.test(path),
  };
}

/** `a/b/c` → `a`, `a/b`, `a/b/c`; [] for the root. */
function ancestorsOrSelf(folder: string): string[] {
  if (!folder) return [];
  const parts = folder.split("/");
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
}

/** Why the scope can't be walked by hand (a pattern outside lib/glob.ts's dialect), or null. */
export function scopeWalkProblem(scope: ScopePatterns): string | null {
  for (const p of [...scope.include, ...scope.exclude]) {
    const problem = globDialectProblem(p);
    if (problem) return `${p}: ${problem}`;
  }
  // fast-glob reports `./`-prefixed includes with the prefix; leave those to it.
  const dotSlash = scope.include.find((p) => p.startsWith("./"));
  return dotSlash ? `${dotSlash}: leading ./` : null;
}

/** A path matcher with the rules above, for paths listed from somewhere else (a git tree). */
export function scopePathMatcher(scope: ScopePatterns): (path: string) => boolean {
  const rules = compileScope(scope);
  const statics = new Set(rules.staticFiles);
  const folderSkipped = (base: string, path: string): boolean => {
    for (let i = path.indexOf("/", base ? base.length + 1 : 0); i > 0; i = path.indexOf("/", i + 1)) {
      if (rules.skipsFolder(path.slice(0, i))) return true;
    }
    return false;
  };
  return (path) => {
    if (rules.excludesFile(path)) return false;
    if (statics.has(path)) return true;
    return rules.tasks.some(
      (t) => (t.base === "" || path.startsWith(`${t.base}/`)) && t.include.test(path) && !folderSkipped(t.base, path),
    );
  };
}

/**
 * The folders to list: each include's static base (a wildcard-free include's parent), nested
 * ones dropped, sorted; [] when any include needs the root.
 */
export function scopeFolders(scope: ScopePatterns): string[] {
  const folders = new Set<string>();
  for (const p of expand(scope.include)) {
    const folder = WILDCARD.test(p) ? baseOf(p) : p.slice(0, Math.max(0, p.lastIndexOf("/")));
    if (!folder) return [];
    folders.add(folder);
  }
  const sorted = [...folders].sort();
  return sorted.filter((f) => !sorted.some((o) => o !== f && f.startsWith(`${o}/`)));
}
