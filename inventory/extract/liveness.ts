/**
 * Point checks the mask's lexer (mask.ts) runs while it walks a top-level function's signature
 * and body: can this token make the function yield a fact? A class, a non-built-in `new`, a
 * plain or generic call (`f(…)`, `f<T>(…)`, `f?.(…)`, `...f(…)`), a nested declaration keyword,
 * a decorator, a permission category string. The lexer asks only about code: comments, regex
 * literals and the text of strings and templates never reach these checks (a template's
 * `${…}` code does). Over-generous on purpose where syntax alone cannot tell (`a < b` counts as
 * a possible generic call).
 */
import { PERMISSION_CATEGORIES } from "../../lib/kinds.js";
import { BUILTIN_CONSTRUCTORS } from "./builtins.js";

/** Reserved words that may stand before `(` without being a call (`of`, `await`, `yield` can be identifiers). */
const CALL_KEYWORDS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "typeof",
  "void",
  "in",
  "do",
  "else",
  "case",
  "delete",
  "throw",
  "instanceof",
  "function",
]);
/** Words that make a function live on sight; `new` is checked further. */
const LIVE_WORDS = new Set([
  "class",
  "new",
  "type",
  "interface",
  "enum",
  "namespace",
  "module",
  "declare",
  "import",
  "export",
  "require",
]);
/** LIVE_WORDS by first letter: a word is compared in place (no string made for `const`, `return`, …). */
const LIVE_BY_FIRST: (string[] | undefined)[] = [];
for (const w of LIVE_WORDS) {
  const list = LIVE_BY_FIRST[w.charCodeAt(0)] ?? [];
  list.push(w);
  LIVE_BY_FIRST[w.charCodeAt(0)] = list;
}
const CATEGORIES = new Set<string>(PERMISSION_CATEGORIES);
/**
 * Member calls that ask a model provider to answer (`context.runProviderPrediction(…)`): a
 * function making one has an effect a class's process may reach through it (class-shape.ts).
 */
export const PROVIDER_CALLS: readonly string[] = ["runProviderPrediction", "streamProviderPrediction"];
const PROVIDER_CALL_LENGTHS = new Set(PROVIDER_CALLS.map((c) => c.length));

/** Is a callee's last name one of PROVIDER_CALLS (length first: most names fail there)? */
export const isProviderCall = (name: string): boolean =>
  PROVIDER_CALL_LENGTHS.has(name.length) && PROVIDER_CALLS.includes(name);
const NEW_TARGET = /new\s+([A-Za-z_$][\w$]*)\s*([.[])?/y;
const SPACED_GENERIC_CALL = /<[^;]*?>\s*(?:\?\.\s*)?\(/y;
const NEW_BEFORE = /\bnew\s+$/;

export const isIdentCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
export const isSpaceCode = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The word text[start..last] (inclusive): a live keyword, or a `new` of something not built in? */
export function liveWord(text: string, start: number, last: number): boolean {
  const len = last - start + 1;
  if (len < 3 || len > 9) return false;
  const candidates = LIVE_BY_FIRST[text.charCodeAt(start)];
  if (candidates === undefined) return false;
  let word: string | undefined;
  for (const w of candidates) if (w.length === len && text.startsWith(w, start)) word = w;
  if (word === undefined) return false;
  if (word !== "new") return true;
  NEW_TARGET.lastIndex = start;
  const t = NEW_TARGET.exec(text);
  return !t || !BUILTIN_CONSTRUCTORS.has(t[1] ?? "") || t[2] !== undefined;
}

/** Is the string or template text[open+1..close-1] a permission category (`'read'`, `` `write` ``)? */
export function categoryString(text: string, open: number, close: number): boolean {
  const len = close - open - 1;
  return len >= 4 && len <= 8 && CATEGORIES.has(text.slice(open + 1, close));
}

/** The identifier ending just before `at` (after skipping spaces back), with its start; "" when none. */
function identBefore(text: string, at: number): { word: string; start: number } {
  let e = at - 1;
  while (e >= 0 && isSpaceCode(text.charCodeAt(e))) e--;
  let b = e;
  while (b >= 0 && isIdentCode(text.charCodeAt(b))) b--;
  return { word: text.slice(b + 1, e + 1), start: b + 1 };
}

/** Is the `(` at `p` a plain call: `f(`, `f?.(`, `...f(`, not `a.f(`, `if (`, `1(`? */
export function callAt(text: string, p: number): boolean {
  let q = p;
  if (text.charCodeAt(q - 1) === 46 && text.charCodeAt(q - 2) === 63) q -= 2;
  // The word before the `(` spans (b, e]; checked without making a string until the keyword test.
  let e = q - 1;
  while (e >= 0 && isSpaceCode(text.charCodeAt(e))) e--;
  let b = e;
  while (b >= 0 && isIdentCode(text.charCodeAt(b))) b--;
  if (b === e) return false;
  const first = text.charCodeAt(b + 1);
  if (first >= 48 && first <= 57) return false;
  let k = b;
  while (k >= 0 && isSpaceCode(text.charCodeAt(k))) k--;
  // `a.f(…)` is no plain call (but `...f(…)` is); a provider call is live all the same.
  if (text.charCodeAt(k) === 46 && text.charCodeAt(k - 1) !== 46)
    return PROVIDER_CALL_LENGTHS.has(e - b) && PROVIDER_CALLS.includes(text.slice(b + 1, e + 1));
  return !(e - b <= 10 && CALL_KEYWORDS.has(text.slice(b + 1, e + 1)));
}

/** Is the `<` at `p` possibly a generic call's type arguments (`f<T>(`, `f <T> (`), not `new Map<…>`? */
export function genericAt(text: string, p: number): boolean {
  const before = text.charCodeAt(p - 1);
  if (isIdentCode(before)) {
    const { start } = identBefore(text, p);
    return !NEW_BEFORE.test(text.slice(Math.max(0, start - 12), start));
  }
  if (isSpaceCode(before) && identBefore(text, p).word !== "") {
    SPACED_GENERIC_CALL.lastIndex = p;
    return SPACED_GENERIC_CALL.test(text);
  }
  return false;
}
