/**
 * The import and export statements of a token stream, and `import(…)` calls: what the
 * scanner (scan-imports.ts) records when it meets `import` or `export`, with the specifier,
 * the kind and whether only types are imported.
 */
import { isWord, T } from "./token-kinds.js";
import { type Scan, Unsure } from "./token-cursor.js";

/** Tokens before `import(` that usually mean a type position (`x: import("m")`). */
function typePosition(k: number): boolean {
  return (
    k === T.Colon ||
    k === T.LessThan ||
    k === T.Bar ||
    k === T.Amp ||
    k === T.Extends ||
    k === T.Keyof ||
    k === T.Readonly
  );
}

/** Tokens before `import(` that may mean a type position when a member follows (`T = import("m").U`). */
function maybeTypePosition(k: number): boolean {
  return k === T.Comma || k === T.OpenParen || k === T.Equals || k === T.OpenBracket || k === T.Question;
}

/** Index just past a `{ a, type B as C }` list starting at `open`, and whether every element is `type`. */
function readBraces(s: Scan, open: number): { end: number; allType: boolean } {
  let i = open + 1;
  let count = 0;
  let typed = 0;
  let start = true;
  for (; i < s.tok.count && s.kind(i) !== T.CloseBrace; i++) {
    const k = s.kind(i);
    if (k === T.Comma) start = true;
    else if (start) {
      start = false;
      count++;
      const next = s.kind(i + 1);
      if (k === T.Type && next !== 0 && next !== T.Comma && next !== T.CloseBrace && next !== T.As) typed++;
    }
  }
  return { end: i + 1, allType: count > 0 && typed === count };
}

const PROMISE_METHODS = new Set(["then", "catch", "finally"]);

export function scanImport(s: Scan, i: number): void {
  const prev = s.kind(i - 1);
  let j = i + 1;
  const next = s.kind(j);
  if (next === 0 || prev === T.Dot) return;
  if (next === T.OpenParen) {
    if (!s.isString(i + 2)) return;
    const after = s.kind(i + 3);
    if (after !== T.CloseParen && after !== T.Comma) return;
    if (prev === T.Typeof) return; // `typeof import("m")` is a type query
    if (typePosition(prev)) throw new Unsure(`type-position import( at ${s.tok.start[i]}`);
    const close = findClose(s, i + 1);
    const member =
      s.kind(close + 1) === T.Dot && !(isWord(s.kind(close + 2)) && PROMISE_METHODS.has(s.text(close + 2)));
    if (maybeTypePosition(prev) && member) throw new Unsure(`import( member at ${s.tok.start[i]}`);
    s.add(i, i + 2, "dynamic", false);
    return;
  }
  if (next === T.Dot) return; // import.meta
  if (s.isString(j)) return s.add(i, j, "side-effect", false);
  let typeOnly = false;
  if (next === T.Type) {
    const after = s.kind(j + 1);
    const defaultNamedType = after === T.Comma || (after === T.From && s.isString(j + 2));
    if (!defaultNamedType) {
      typeOnly = true;
      j++;
    }
  }
  let hasDefaultOrNamespace = false;
  let namedAllType = false;
  let namedSeen = false;
  for (; j < s.tok.count; j++) {
    const k = s.kind(j);
    if (k === T.From && s.isString(j + 1)) {
      const onlyTypes = typeOnly || (!hasDefaultOrNamespace && namedSeen && namedAllType);
      return s.add(i, j + 1, "static", onlyTypes);
    }
    if (k === T.Equals) {
      if (s.kind(j + 1) === T.Require && s.kind(j + 2) === T.OpenParen && s.isString(j + 3)) {
        s.add(i, j + 3, "import-equals", typeOnly);
      }
      return;
    }
    if (k === T.OpenBrace) {
      const { end, allType } = readBraces(s, j);
      namedSeen = true;
      namedAllType = allType;
      j = end - 1;
    } else if (k === T.Asterisk || isWord(k)) {
      if (k !== T.As) hasDefaultOrNamespace = true;
    } else if (k !== T.Comma) return;
  }
}

export function findClose(s: Scan, open: number): number {
  let depth = 0;
  for (let j = open; j < s.tok.count; j++) {
    const k = s.kind(j);
    if (k === T.OpenParen) depth++;
    else if (k === T.CloseParen && --depth === 0) return j;
  }
  return s.tok.count;
}

export function scanExport(s: Scan, i: number): void {
  let j = i + 1;
  let typeOnly = false;
  if (s.kind(j) === T.Type && (s.kind(j + 1) === T.OpenBrace || s.kind(j + 1) === T.Asterisk)) {
    typeOnly = true;
    j++;
  }
  const head = s.kind(j);
  if (head === T.Asterisk) {
    for (let k = j + 1; k < j + 5 && k < s.tok.count; k++) {
      if (s.kind(k) === T.From && s.isString(k + 1)) return s.add(i, k + 1, "reexport", typeOnly);
    }
    return;
  }
  if (head === T.OpenBrace) {
    const { end, allType } = readBraces(s, j);
    if (s.kind(end) === T.From && s.isString(end + 1)) s.add(i, end + 1, "reexport", typeOnly || allType);
  }
}
