/**
 * From the text hints of many files: the names that can stand for the base or a subclass
 * (through heritages, `a as b` renames and mixin bindings), and whether a file is wanted in
 * phase 1 (it may declare, re-export or bind a mixin over one of them).
 */

import type { TextHints } from "./text-hints.js";

/**
 * `{ default as X }` (an import, or a barrel's re-export) may stand for the base or a subclass,
 * as a default import may: X is a candidate when some heritage names it, directly or through
 * further `a as b` renames. (Only extended names: a barrel of `default as Button` re-exports
 * must not send every `new Button` to the parser.)
 */
function defaultAliasesExtended(all: readonly TextHints[]): string[] {
  const defaults = all.flatMap((h) => h.aliases.filter(([from]) => from === "default").map(([, to]) => to));
  if (defaults.length === 0) return [];
  const extended = new Set(all.flatMap((h) => h.heritages.flatMap((c) => c.idents)));
  for (let grew = true; grew;) {
    grew = false;
    for (const h of all)
      for (const [from, to] of h.aliases)
        if (extended.has(to) && !extended.has(from)) {
          extended.add(from);
          grew = true;
        }
  }
  return defaults.filter((n) => extended.has(n));
}

/** Does some default export denote one of the names (then a default import may stand for a candidate)? */
export function defaultExportsAny(hints: Iterable<TextHints>, names: ReadonlySet<string>): boolean {
  for (const h of hints) if (h.defaultExports.some((ids) => ids.some((i) => names.has(i)))) return true;
  return false;
}

/** Whether a default import may stand for the base or a subclass (true unless the caller knows no default export can). */
export interface CandidateOptions {
  readonly defaultImports?: boolean;
  /**
   * Also take classes whose heritage names a candidate (default true). The scan turns it off:
   * it learns which classes are subclasses from the module graph, and asks here only for the
   * names a subclass is renamed to (aliases, mixin bindings).
   */
  readonly classes?: boolean;
}

/** Adds `to` when `from` is a name and `to` is not yet; true when it added. */
function addRenamed(names: Set<string>, from: string, to: string): boolean {
  if (!names.has(from) || names.has(to)) return false;
  names.add(to);
  return true;
}

/** Names reachable from the base names through heritages and aliases (a superset of the subclass names). */
export function candidateNames(
  baseNames: readonly string[],
  hints: Iterable<TextHints>,
  options: CandidateOptions = {},
): Set<string> {
  const names = new Set(baseNames);
  const all = [...hints];
  const defaults = options.defaultImports ?? true;
  if (defaults) for (const n of defaultAliasesExtended(all)) names.add(n);
  let grew = true;
  while (grew) {
    grew = false;
    for (const h of all) {
      for (const [from, to] of h.aliases) grew = addRenamed(names, from, to) || grew;
      for (const [from, to] of h.mixinVars) grew = addRenamed(names, from, to) || grew;
      for (const c of options.classes === false ? [] : h.heritages) {
        if (!c.name || names.has(c.name)) continue;
        if (c.idents.some((i) => names.has(i) || (defaults && h.defaultImports.includes(i)))) {
          names.add(c.name);
          grew = true;
        }
      }
    }
  }
  return names;
}

/**
 * Phase 1: the file may declare a subclass, re-export one by name, or bind a mixin over one. (A
 * barrel of `export *` is parsed when a parsed file's import leads through it: see select-files.ts.)
 */
export function wantedInPhase1(h: TextHints, names: ReadonlySet<string>, options: CandidateOptions = {}): boolean {
  const defaults = options.defaultImports ?? true;
  if (h.mixinVars.some(([from]) => names.has(from))) return true;
  if (
    h.heritages.some((c) =>
      (c.parents ?? c.idents).some((i) => names.has(i) || (defaults && h.defaultImports.includes(i))),
    )
  )
    return true;
  return h.exportListNames.some((n) => names.has(n));
}

/** The function names phase 2 looks for (belt builders, class factories). */
export function mentionNames(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
}
