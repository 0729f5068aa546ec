/**
 * structureOf(bytes): the cheap token facts the pre-filter's fixpoint runs on, read from a file's
 * raw bytes in the byte gate's pass (latin1, never decoded): every identifier a class heritage
 * could name (the text after each class's own `extends`, brackets counted as textHints counts
 * them; a generic constraint's or an interface's `extends` is passed over), every identifier of an `export { … }` list or an `export
 * default …`, and the sources of `a as b` renames in `import { … }` braces. A file can declare a
 * subclass of a name, pass it on or rename it only by naming it in one of those places, so the
 * fixpoint looks at a file (runs textHints on it) only when one of its identifiers is a
 * candidate. The identifiers are a superset of what textHints reads there (gate.test.ts checks
 * it against textHints); two flags stand for what is not tied to a name in such a place:
 *   extendsLocalVariable  a heritage starts with a PascalCase name the file declares as a
 *                         variable (`const Retrying = WithRetry(Fetcher); class X extends Retrying`)
 *   extendsDefaultImport  a heritage names a default import (`import Base from`): counts when some
 *                         default export denotes a candidate
 */
import { isIdent, latin1 } from "./byte-classes.js";

export interface FileStructure {
  readonly idents: readonly string[];
  /** The names a file's `import { … }` lists and default imports bring in (a class table's entries come this way). */
  readonly imported: readonly string[];
  readonly extendsLocalVariable: boolean;
  readonly extendsDefaultImport: boolean;
}

/** How far past `extends` a heritage is read (bytes; textHints reads 400 characters of it). */
const HERITAGE_BYTES = 1600;
/** How much of an `export default` expression is read (textHints reads 300 characters). */
const DEFAULT_BYTES = 1200;
const X = 0x78;
const IMPORT = Buffer.from("import", "latin1");
const NOTHING: FileStructure = { idents: [], imported: [], extendsLocalVariable: false, extendsDefaultImport: false };

const at = (b: Buffer, i: number, word: string) => {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false;
  return true;
};
const keywordAt = (b: Buffer, i: number, word: string) =>
  at(b, i, word) && !isIdent(b[i - 1]) && !isIdent(b[i + word.length]);
const isDigit = (c: number | undefined) => c !== undefined && c >= 48 && c <= 57;
/** JavaScript `\s` within latin1. */
const isJsSpace = (c: number | undefined) => c === 32 || (c !== undefined && c >= 9 && c <= 13) || c === 0xa0;

const IDENTS = /[A-Za-z_$][\w$]*/g;

/**
 * Adds the identifiers of b[start, end) (`[A-Za-z_$][\w$]*` matches, as textHints' IDENT finds
 * them): one native regex call over the range's latin1 text, not a JS loop over its bytes.
 */
function identsIn(b: Buffer, start: number, end: number, out: Set<string>): void {
  const e = Math.min(end, b.length);
  if (e <= start) return;
  for (const id of latin1(b, start, e).match(IDENTS) ?? []) out.add(id);
}

/** Index of the quote closing the string opened at `i` (or `end`). */
function stringEnd(b: Buffer, i: number, end: number): number {
  const quote = b[i];
  for (let j = i + 1; j < end; j++) {
    const c = b[j];
    if (c === 92) j++;
    else if (c === quote) return j;
  }
  return end;
}

/**
 * Where the heritage starting at `from` ends: the body's `{` or `implements` at depth 0, as
 * textHints' heritageAfter. It also ends where a class's heritage never goes: below depth 0, or
 * at a `>`, `,` or `;` outside brackets. That is where a generic constraint ends (`<T extends
 * X>`, `(a: T extends U ? …)`), so constraints cost a few bytes each; the class's own `extends`,
 * further on, is read on its own.
 */
function heritageEnd(b: Buffer, from: number): number {
  const end = Math.min(b.length, from + HERITAGE_BYTES);
  let depth = 0;
  let angle = 0;
  for (let i = from; i < end; i++) {
    const c = b[i];
    if (c === 39 || c === 34 || c === 96) i = stringEnd(b, i, end);
    else if (c === 61 && b[i + 1] === 62) i++;
    else if (c === 40 || c === 91) depth++;
    else if (c === 41 || c === 93) {
      if (--depth < 0) return i;
    } else if (c === 60) angle++;
    else if (c === 62) {
      if (--angle < 0 && depth === 0) return i;
    } else if (c === 123) {
      if (depth === 0 && angle <= 0) return i;
      depth++;
    } else if (c === 125) {
      if (--depth < 0) return i;
    } else if ((c === 44 || c === 59) && depth === 0 && angle <= 0) return i;
    else if (c === 105 && depth === 0 && angle <= 0 && keywordAt(b, i, "implements")) return i;
  }
  return end;
}

/** The first identifier at or after `i` (after blanks), or null. */
function firstIdent(b: Buffer, i: number, end: number): string | null {
  while (i < end && isJsSpace(b[i])) i++;
  if (!isIdent(b[i]) || isDigit(b[i])) return null;
  const s = i;
  while (i < end && isIdent(b[i])) i++;
  return latin1(b, s, i);
}

/** `export` ending at `j`: a `{ … }` list (or `type { … }`) or a `default …` expression adds its identifiers. */
function exportAt(b: Buffer, j: number, out: Set<string>): void {
  while (isJsSpace(b[j])) j++;
  if (keywordAt(b, j, "type")) {
    let k = j + 4;
    while (isJsSpace(b[k])) k++;
    if (b[k] === 123) j = k;
  }
  if (b[j] === 123) {
    const close = b.indexOf(125, j);
    identsIn(b, j + 1, close === -1 ? b.length : close, out);
  } else if (keywordAt(b, j, "default")) {
    const semi = b.indexOf(59, j);
    identsIn(b, j + 7, Math.min(semi === -1 ? b.length : semi, j + DEFAULT_BYTES), out);
  }
}

/**
 * `import … { a as b }`: the sources of renames (and `import X from`: X, a default import's local);
 * every name an import list holds goes to `imported`.
 */
function importsOf(b: Buffer, out: Set<string>, defaults: Set<string>, imported: Set<string>): void {
  for (let p = b.indexOf(IMPORT); p !== -1; p = b.indexOf(IMPORT, p + 6)) {
    if (isIdent(b[p - 1]) || isIdent(b[p + 6])) continue;
    let j = p + 6;
    while (isJsSpace(b[j])) j++;
    if (keywordAt(b, j, "type")) {
      j += 4;
      while (isJsSpace(b[j])) j++;
    }
    const local = firstIdent(b, j, b.length);
    if (local !== null) {
      let k = j + local.length;
      while (isJsSpace(b[k])) k++;
      if (b[k] === 44 || keywordAt(b, k, "from")) defaults.add(local);
      if (b[k] !== 44) continue;
      j = k + 1;
      while (isJsSpace(b[j])) j++;
    }
    if (b[j] !== 123) continue;
    const close = b.indexOf(125, j);
    const end = close === -1 ? b.length : close;
    identsIn(b, j + 1, end, imported);
    for (let a = j + 1; a + 3 < end; a++) {
      // `a as b` (any blank before `as`): the identifier before it is a rename's source.
      if (b[a + 1] !== 97 || b[a + 2] !== 115 || !isJsSpace(b[a]) || isIdent(b[a + 3])) continue;
      let s = a + 1;
      while (s > j && isJsSpace(b[s - 1])) s--;
      const e = s;
      while (s > j && isIdent(b[s - 1])) s--;
      if (s < e) out.add(latin1(b, s, e));
    }
  }
}

/**
 * Is the `extends` whose `e` is at `e` a class's own (`class [Name][<…>] extends`), not a generic
 * constraint's or an interface's? Read backwards over the type parameters (angle brackets balanced,
 * `=>` not counted) and the name. Type parameters too long to read count as a class's (a superset
 * is safe; missing a heritage is not).
 */
function classHeritageAt(b: Buffer, e: number): boolean {
  let j = e - 1;
  while (isJsSpace(b[j])) j--;
  if (b[j] === 62) {
    let angle = 0;
    const stop = Math.max(0, j - HERITAGE_BYTES);
    for (; j >= stop; j--) {
      if (b[j] === 62 && b[j - 1] !== 61) angle++;
      else if (b[j] === 60 && --angle === 0) break;
    }
    if (angle !== 0) return j < stop && stop > 0;
    j--;
    while (isJsSpace(b[j])) j--;
  }
  // `class extends X` (an anonymous class): the word before is the keyword itself.
  if (at(b, j - 4, "class") && !isIdent(b[j - 5]) && !isIdent(b[j + 1])) return true;
  while (isIdent(b[j])) j--;
  while (isJsSpace(b[j])) j--;
  return at(b, j - 4, "class") && !isIdent(b[j - 5]);
}

/** Does the file declare `const|let|var name` (blanks between)? textHints' declaresVariable on bytes. */
function declaresVariable(b: Buffer, text: string): boolean {
  const name = Buffer.from(text, "latin1");
  for (let p = b.indexOf(name); p !== -1; p = b.indexOf(name, p + 1)) {
    if (isIdent(b[p - 1]) || isIdent(b[p + name.length])) continue;
    let j = p - 1;
    while (j >= 0 && (b[j] === 32 || b[j] === 9)) j--;
    if (j === p - 1) continue;
    if (
      (at(b, j - 4, "const") && !isIdent(b[j - 5])) ||
      ((at(b, j - 2, "let") || at(b, j - 2, "var")) && !isIdent(b[j - 3]))
    )
      return true;
  }
  return false;
}

export function structureOf(b: Buffer): FileStructure {
  const idents = new Set<string>();
  const heads = new Set<string>();
  let heritageIdents: Set<string> | null = null;
  for (let p = b.indexOf(X); p !== -1; p = b.indexOf(X, p + 1)) {
    if (b[p - 1] !== 101 || isIdent(b[p - 2])) continue; // `e` of `extends` / `export`, a word start
    if (at(b, p + 1, "tends") && !isIdent(b[p + 6])) {
      // Only a class's own heritage can make a subclass (textHints reads no other).
      if (!classHeritageAt(b, p - 1)) continue;
      const start = p + 6;
      const end = heritageEnd(b, start);
      heritageIdents ??= new Set();
      identsIn(b, start, end, heritageIdents);
      const head = firstIdent(b, start, end);
      if (head !== null && head.charCodeAt(0) >= 65 && head.charCodeAt(0) <= 90) heads.add(head);
    } else if (at(b, p + 1, "port") && !isIdent(b[p + 5])) exportAt(b, p + 5, idents);
  }
  // No heritage and no export: the file can neither declare a subclass nor pass a name on.
  if (heritageIdents === null && idents.size === 0) return NOTHING;
  for (const i of heritageIdents ?? []) idents.add(i);
  const defaults = new Set<string>();
  const imported = new Set<string>();
  importsOf(b, idents, defaults, imported);
  for (const d of defaults) imported.add(d);
  let extendsDefaultImport = false;
  for (const d of defaults) if (heritageIdents?.has(d)) extendsDefaultImport = true;
  let extendsLocalVariable = false;
  for (const h of heads) if (declaresVariable(b, h)) extendsLocalVariable = true;
  return { idents: [...idents], imported: [...imported], extendsLocalVariable, extendsDefaultImport };
}
