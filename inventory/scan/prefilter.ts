/**
 * The cheap text pre-filter: decides, from raw text, which files are worth parsing. Most files
 * of a monorepo never mention the base class, so the scan parses only
 *  - phase 1: files with a `class … extends X` whose heritage names the base or (transitively,
 *    by name, through `a as b` aliases) a subclass of it, files with `export *` or export lists
 *    naming such a class (barrels), and files declaring the base;
 *  - phase 2: files that construct one of the classes found (`new X`), or mention a belt
 *    builder or class factory.
 * Over-approximates on purpose (comments and strings can match); the parser decides. The
 * `buffer*` gates work on raw bytes so most files are never decoded (ASCII identifiers only).
 */

import { isIdentCode } from "../extract/liveness.js";

/** What `trimStart` skips, for the characters that occur before code. */
const isBlankCode = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff;

export interface TextHints {
  /** `class A extends …` headers: the class name (or null) and identifiers in the heritage. */
  readonly heritages: readonly {
    readonly name: string | null;
    readonly idents: readonly string[];
    /**
     * The identifiers that can be the parent: those outside `{…}`, `[…]` and `<…>` (the resolver
     * takes the clause's path or a call's identifier-path arguments, never an object's or a type
     * argument's contents: `Schema.Class<X>()({ tool: Tool })` has no parent named Tool).
     */
    readonly parents?: readonly string[];
  }[];
  /** `a as b` pairs in import/export braces. */
  readonly aliases: readonly (readonly [string, string])[];
  /** Default-import local names (may stand for anything). */
  readonly defaultImports: readonly string[];
  readonly starExport: boolean;
  /** Names listed in `export { … }` clauses. */
  readonly exportListNames: readonly string[];
  /** `const Retrying = WithRetry(Tool)`: [argument, variable] pairs (PascalCase both: a variable holding a class). */
  readonly mixinVars: readonly (readonly [string, string])[];
  /**
   * What each `export default …` / `{ X as default }` may denote: identifiers (`export default X`
   * → X; a class → its name and heritage; an expression → its identifiers). Importers may give
   * such a class any name, so a default import counts only when one of these is a candidate.
   */
  readonly defaultExports: readonly (readonly string[])[];
}

const CLASS_KEYWORD = /\bclass\b\s*([A-Za-z_$][\w$]*)?/g;
/** How far past `class` a header is read (a mixin's options object can be long; real headers are short). */
const MAX_HEADER = 1000;
/** How much of a heritage is kept for its identifiers. */
const MAX_HERITAGE = 400;
const IDENT = /[A-Za-z_$][\w$]*/g;
const BRACES = /\b(?:import|export)\s*(?:type\s*)?\{([^}]*)\}/g;
const ALIAS = /([A-Za-z_$][\w$]*)\s+as\s+([A-Za-z_$][\w$]*)/g;
const DEFAULT_IMPORT = /\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*(?:,|from\b)/g;
const EXPORT_LIST = /\bexport\s*(?:type\s*)?\{([^}]*)\}/g;
const VAR_CLASS = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*$/;
/** `const Name = [(]callee[<…>](args…`: the variable and up to 300 characters of arguments. */
const MIXIN_VAR =
  /\b(?:const|let|var)\s+([A-Z][\w$]*)\s*=\s*\(?\s*[A-Za-z_$][\w$.]*\s*(?:<[^;()]*>)?\s*\(([^;]{0,300})/g;
const CLASS_IDENT = /\b[A-Z][\w$]*/g;
const DEFAULT_EXPORT = /\bexport\s+default\s+/g;
const DEFAULT_CLASS = /^(?:abstract\s+)?class\b\s*([A-Za-z_$][\w$]*)?/;
/** How much of a default-exported expression is read for its identifiers. */
const MAX_DEFAULT_EXPR = 300;

/** What the file's default exports may denote (see TextHints.defaultExports). */
function defaultExportsOf(text: string, aliases: readonly (readonly [string, string])[]): string[][] {
  const out: string[][] = aliases.filter(([, to]) => to === "default").map(([from]) => [from]);
  for (const m of text.matchAll(DEFAULT_EXPORT)) {
    const at = (m.index ?? 0) + m[0].length;
    const cls = DEFAULT_CLASS.exec(text.slice(at, at + 200));
    if (cls) {
      const named = cls[1] !== undefined && cls[1] !== "extends" && cls[1] !== "implements";
      const heritage = heritageAfter(text, named ? at + cls[0].length : at + cls[0].indexOf("class") + 5);
      out.push([...(named ? [cls[1] as string] : []), ...((heritage ?? "").slice(0, MAX_HERITAGE).match(IDENT) ?? [])]);
    } else {
      const end = text.indexOf(";", at);
      out.push(
        text.slice(at, end === -1 ? at + MAX_DEFAULT_EXPR : Math.min(end, at + MAX_DEFAULT_EXPR)).match(IDENT) ?? [],
      );
    }
  }
  return out;
}

const keywordAt = (text: string, i: number, word: string) =>
  text.startsWith(word, i) && !isIdentCode(text.charCodeAt(i - 1)) && !isIdentCode(text.charCodeAt(i + word.length));

/** Index of the quote closing the string opened at `i` (or the header's end). */
function stringEnd(text: string, i: number, end: number): number {
  const quote = text.charCodeAt(i);
  for (let j = i + 1; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === quote) return j;
  }
  return end;
}

/**
 * A class header from just after `class [Name]`: the text after its own `extends` (not one inside
 * type parameters), up to `implements` or the body's `{`; null when it extends nothing. Brackets
 * are counted, so a `{` in a type parameter's constraint (`<T extends { id: string }>`) or in a
 * mixin's arguments (`extends WithOptions({ n: 1 }, Tool)`) does not end the header, and `=>` in
 * a type is not a closing `>`.
 */
function heritageAfter(text: string, from: number): string | null {
  const end = Math.min(text.length, from + MAX_HEADER);
  let depth = 0;
  let angle = 0;
  let start = -1;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 39 || c === 34 || c === 96) i = stringEnd(text, i, end);
    else if (c === 61 && text.charCodeAt(i + 1) === 62) i++;
    else if (c === 40 || c === 91) depth++;
    else if (c === 41 || c === 93) depth--;
    else if (c === 60) angle++;
    else if (c === 62) angle--;
    else if (c === 123) {
      if (depth === 0 && angle <= 0) return start === -1 ? null : text.slice(start, i);
      depth++;
    } else if (c === 125) depth--;
    else if (depth === 0 && angle <= 0 && (c === 101 || c === 105)) {
      if (start === -1 && keywordAt(text, i, "extends")) start = (i += 6) + 1;
      else if (start !== -1 && keywordAt(text, i, "implements")) return text.slice(start, i);
    }
  }
  return start === -1 ? null : text.slice(start, end);
}

/**
 * The text with what lies inside `{…}`, `[…]`, `<…>` and strings blanked out (depth counted as
 * heritageAfter counts it). `callArgs`: the text is a call's arguments; it ends at the `)` that
 * closes the call. What is left is what a mixin's identifier-path arguments (heritage.ts) can be.
 */
function outsideBrackets(text: string, callArgs = false): string {
  let out = "";
  let depth = 0;
  let parens = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const opens = c === 123 || c === 91 || c === 60 || c === 39 || c === 34 || c === 96;
    const closes = c === 125 || c === 93 || (c === 62 && text.charCodeAt(i - 1) !== 61);
    if (c === 40 && depth === 0) parens++;
    else if (c === 41 && depth === 0 && --parens < 0 && callArgs) return out + text.slice(from, i);
    if (opens) {
      if (depth === 0) out += `${text.slice(from, i)} `;
      if (c === 39 || c === 34 || c === 96) {
        const e = stringEnd(text, i, text.length);
        if (depth === 0) from = e + 1;
        i = e;
        continue;
      }
      depth++;
    } else if (closes && depth > 0 && --depth === 0) from = i + 1;
  }
  return depth === 0 ? out + text.slice(from) : out;
}

/** `\bexport\s*\*` by `indexOf` (the regex crawled through megabytes of a minified line). */
function hasStarExport(text: string): boolean {
  for (let p = text.indexOf("export"); p !== -1; p = text.indexOf("export", p + 6)) {
    if (p > 0 && isWordCode(text.charCodeAt(p - 1)) === isWordCode(text.charCodeAt(p))) continue;
    let j = p + 6;
    while (/\s/.test(text[j] ?? "")) j++;
    if (text.charCodeAt(j) === 42) return true;
  }
  return false;
}
/** A regex `\w` character (what `\b` tests). */
const isWordCode = (c: number) => c !== 36 && isIdentCode(c);

/** Does the text declare a variable `name` (`const|let|var name`)? A native search for the name, then a look back. */
function declaresVariable(text: string, name: string): boolean {
  for (let p = text.indexOf(name); p !== -1; p = text.indexOf(name, p + 1)) {
    if (isIdentCode(text.charCodeAt(p - 1)) || isIdentCode(text.charCodeAt(p + name.length))) continue;
    let j = p - 1;
    while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
    if (j === p - 1) continue;
    if (keywordEndsAt(text, j, "const") || keywordEndsAt(text, j, "let") || keywordEndsAt(text, j, "var")) return true;
  }
  return false;
}
const keywordEndsAt = (text: string, end: number, word: string) =>
  text.startsWith(word, end - word.length + 1) && !isIdentCode(text.charCodeAt(end - word.length));

/**
 * Is a position on a `//` line or a `*`-prefixed block-comment line? (cheap, line-local.) Asked in
 * text order, so the current line's facts are worked out once per line: a minified file is one
 * long line, and looking back to its start for every `class` made the hints quadratic.
 */
function lineCommentTest(text: string): (index: number) => boolean {
  let lineStart = -1;
  let lineEnd = -1;
  let slashes = -1; // first `//` of the line, or -1
  let starred = false; // the line's first non-blank characters are `*` or `/*`
  let firstCode = 0;
  let nextSlashes = -1;
  let slashesFrom = Infinity;
  return (index) => {
    if (index < lineStart || index > lineEnd) {
      lineStart = text.lastIndexOf("\n", index - 1) + 1;
      const nl = text.indexOf("\n", index);
      lineEnd = nl === -1 ? text.length : nl;
      // The next `//` at or after the line start, remembered: a file without one is searched once, not once a line.
      if (lineStart < slashesFrom || (nextSlashes !== -1 && nextSlashes < lineStart))
        nextSlashes = text.indexOf("//", lineStart);
      slashesFrom = lineStart;
      slashes = nextSlashes !== -1 && nextSlashes < lineEnd ? nextSlashes : -1;
      let j = lineStart;
      while (j < lineEnd && isBlankCode(text.charCodeAt(j))) j++;
      firstCode = j;
      starred = text.charCodeAt(j) === 42 || (text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42);
    }
    if (slashes !== -1 && slashes + 1 < index) return true;
    return starred && firstCode < index;
  };
}

/**
 * `options.mixinVars`: look for `const Name = mixin(Base)` bindings in the whole file (the scan
 * passes the byte gate's `baseArgument`); otherwise only when a class here extends a variable.
 */
export function textHints(text: string, options: { readonly mixinVars?: boolean } = {}): TextHints {
  const heritages: { name: string | null; idents: string[]; parents?: string[] }[] = [];
  const aliases: [string, string][] = [];
  const defaultImports: string[] = [];
  const exportListNames: string[] = [];
  const inLineComment = lineCommentTest(text);
  if (text.includes("extends")) {
    for (const m of text.matchAll(CLASS_KEYWORD)) {
      // `class extends X`: the word after `class` is the keyword, not a name.
      const named = m[1] !== undefined && m[1] !== "extends" && m[1] !== "implements";
      const heritage = heritageAfter(text, named ? (m.index ?? 0) + m[0].length : (m.index ?? 0) + 5);
      if (heritage === null || inLineComment(m.index ?? 0)) continue;
      const idents = heritage.slice(0, MAX_HERITAGE).match(IDENT) ?? [];
      const parents = outsideBrackets(heritage.slice(0, MAX_HERITAGE)).match(IDENT) ?? [];
      let name = named ? (m[1] ?? null) : null;
      if (!name) {
        const before = text.slice(Math.max(0, (m.index ?? 0) - 80), m.index);
        name = VAR_CLASS.exec(before)?.[1] ?? null;
      }
      heritages.push(parents.length === idents.length ? { name, idents } : { name, idents, parents });
    }
  }
  const hasExport = text.includes("export");
  const starExport = hasExport && hasStarExport(text);
  if (hasExport && text.includes("{")) {
    for (const m of text.matchAll(EXPORT_LIST)) exportListNames.push(...((m[1] ?? "").match(IDENT) ?? []));
  }
  if (heritages.length > 0 || exportListNames.length > 0) {
    for (const m of text.matchAll(BRACES))
      for (const a of (m[1] ?? "").matchAll(ALIAS)) aliases.push([a[1] ?? "", a[2] ?? ""]);
    for (const m of text.matchAll(DEFAULT_IMPORT)) defaultImports.push(m[1] ?? "");
  }
  const mixinVars: [string, string][] = [];
  // The binding regex is costly over many hinted files, so it runs only where a
  // binding is likely: a base name passed as an argument (the byte gate saw it), or a class here
  // extending a PascalCase name this file declares as a variable.
  // One search per distinct name: a file of thousands of classes extending Tool asks once.
  const firsts = new Set<string>();
  for (const h of heritages) {
    const first = h.idents[0];
    if (first !== undefined && first.charCodeAt(0) >= 65 && first.charCodeAt(0) <= 90) firsts.add(first);
  }
  const bindsMixin = options.mixinVars === true || [...firsts].some((first) => declaresVariable(text, first));
  if (bindsMixin) {
    for (const m of text.matchAll(MIXIN_VAR)) {
      if (inLineComment(m.index ?? 0)) continue;
      for (const arg of outsideBrackets(m[2] ?? "", true).match(CLASS_IDENT) ?? []) mixinVars.push([arg, m[1] ?? ""]);
    }
  }
  const defaultExports = hasExport && text.includes("default") ? defaultExportsOf(text, aliases) : [];
  return { heritages, aliases, defaultImports, starExport, exportListNames, mixinVars, defaultExports };
}

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
 * barrel of `export *` is parsed when a parsed file's import leads through it: see select.ts.)
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

/** Local names a file binds to some module's default export (`import X from`, `import { default as X }`). */
export function defaultImportLocals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DEFAULT_IMPORT)) out.push(m[1] ?? "");
  for (const m of text.matchAll(BRACES))
    for (const a of (m[1] ?? "").matchAll(ALIAS)) if (a[1] === "default") out.push(a[2] ?? "");
  return out;
}

/** The function names phase 2 looks for (belt builders, class factories). */
export function mentionNames(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
}

// ── Byte-level gates: most files are rejected without decoding them to a string. ──

/** Hints with nothing in them: a file the byte gate rules out, or one whose `extends` are all generic constraints. */
export const EMPTY_HINTS: TextHints = {
  heritages: [],
  aliases: [],
  defaultImports: [],
  starExport: false,
  exportListNames: [],
  mixinVars: [],
  defaultExports: [],
};

const isSpace = (c: number | undefined) => c === 32 || c === 9 || c === 10 || c === 13;
const isIdentByte = (c: number | undefined) =>
  c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36);

/** Is some `export` followed by `*`, `{` or `type {`? */
function hasReexportShape(buf: Buffer): boolean {
  for (let i = buf.indexOf("export"); i !== -1; i = buf.indexOf("export", i + 6)) {
    let j = i + 6;
    while (isSpace(buf[j])) j++;
    if (buf[j] === 42 || buf[j] === 123) return true;
    if (buf.toString("latin1", j, j + 4) === "type") {
      j += 4;
      while (isSpace(buf[j])) j++;
      if (buf[j] === 123) return true;
    }
  }
  return false;
}

/** textHints for raw bytes: files with no `extends` and no re-export shape never get decoded. */
export function bufferHints(buf: Buffer, decode: () => string): TextHints {
  if (buf.indexOf("extends") === -1 && !hasReexportShape(buf)) return EMPTY_HINTS;
  return textHints(decode());
}

/** Phase 2 on bytes: `new [a.]X` with X a known class name, or a mention of one of `names`. */
export function bufferWantedInPhase2(
  buf: Buffer,
  classNames: ReadonlySet<string>,
  mention: readonly string[],
): boolean {
  for (let i = buf.indexOf("new"); i !== -1; i = buf.indexOf("new", i + 3)) {
    if (isIdentByte(buf[i - 1]) || !isSpace(buf[i + 3])) continue;
    let j = i + 3;
    for (;;) {
      while (isSpace(buf[j])) j++;
      const start = j;
      while (isIdentByte(buf[j])) j++;
      if (j === start) break;
      let k = j;
      while (isSpace(buf[k])) k++;
      if (buf[k] === 46) {
        j = k + 1;
        continue;
      }
      if (classNames.has(buf.toString("latin1", start, j))) return true;
      break;
    }
  }
  return mention.some((name) => buf.indexOf(name) !== -1);
}
