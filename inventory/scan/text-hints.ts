/**
 * TextHints: what the raw text of a file says about its classes, renames and exports, read by
 * regular expressions and the character-level readers of text-scan.ts (no parse). Used to decide
 * which files are worth parsing (select-files.ts); over-approximates on purpose.
 */

import { declaresVariable, hasStarExport, heritageAfter, lineCommentTest, outsideBrackets } from "./text-scan.js";

export { EMPTY_HINTS } from "./empty-hints.js";

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

/** Local names a file binds to some module's default export (`import X from`, `import { default as X }`). */
export function defaultImportLocals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DEFAULT_IMPORT)) out.push(m[1] ?? "");
  for (const m of text.matchAll(BRACES))
    for (const a of (m[1] ?? "").matchAll(ALIAS)) if (a[1] === "default") out.push(a[2] ?? "");
  return out;
}
