/**
 * The lexical pieces of the mask (mask.ts): statement heads, strings, templates, regex literals
 * and comments skipped by index, a character-kind table for the hot loop, and line breaks kept
 * when text is cut. No fact logic here.
 */
import { isIdentCode, isSpaceCode } from "./liveness.js";

/** The statement head without its leading whitespace and comments (a loop, not a backtracking regex). */
export function headOf(text: string, from: number, to: number): string {
  return text.slice(headTokenAt(text, from, to), to);
}

/** Where the head's first token starts, after leading whitespace and comments. */
export function headTokenAt(text: string, from: number, to: number): number {
  let i = from;
  for (;;) {
    while (i < to && isSpaceCode(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 47 || i + 1 >= to) break;
    const d = text.charCodeAt(i + 1);
    if (d === 47) {
      const e = text.indexOf("\n", i);
      i = e === -1 || e > to ? to : e + 1;
    } else if (d === 42) {
      const e = text.indexOf("*/", i + 2);
      i = e === -1 || e + 2 > to ? to : e + 2;
    } else break;
  }
  return i;
}

/** Everything but line breaks (TypeScript counts \r, \n, U+2028 and U+2029 as line breaks). */
const NOT_LINE_BREAKS = /[^\n\r\u2028\u2029]+/g;

/** Is every line break of the text a `\n` or `\r\n`? (Then a line is a count of `\n`s.) */
export function plainLineBreaks(text: string): boolean {
  return (
    text.indexOf("\u2028") === -1 &&
    text.indexOf("\u2029") === -1 &&
    (text.indexOf("\r") === -1 || !/\r(?!\n)/.test(text))
  );
}

/** The line breaks of text[start, end): with plain breaks, one `\n` per `\n` found natively (faster than the regex; bench/inventory). */
export function lineBreaksOf(text: string, start: number, end: number, plain: boolean): string {
  if (!plain) return text.slice(start, end).replace(NOT_LINE_BREAKS, "");
  let n = 0;
  for (let p = text.indexOf("\n", start); p !== -1 && p < end; p = text.indexOf("\n", p + 1)) n++;
  return "\n".repeat(n);
}

/** Previous significant characters after which `/` starts a regex literal rather than a division. */
const REGEX_AFTER = new Set("(,=:[!&|?{};+-*%<>~^".split(""));
const REGEX_AFTER_WORDS =
  /(?:^|[^\w$.])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await|instanceof)$/;

/** Skips a '…' or "…" string starting at `i`; returns the index of the closing quote, or -1. */
export function stringEnd(text: string, i: number, quote: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === quote) return j;
    else if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/** Scans template text from `i`; returns the index of the closing backtick (>= 0) or of the `{` of `${` as -(index + 2), or -1. */
export function templateStop(text: string, i: number): number {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 96) return j;
    else if (c === 36 && text.charCodeAt(j + 1) === 123) return -(j + 1) - 2;
  }
  return -1;
}

/**
 * Template text from `i` (just after a backtick, or after the `}` ending a `${…}`) in a bracket
 * scan: where the scan resumes, the closing backtick or the `{` of a `${` (then `templateExpr` is
 * pushed on the scan's stack), or -1 when unterminated.
 */
export function resumeTemplate<T>(text: string, i: number, stack: T[], templateExpr: T): number {
  const r = templateStop(text, i);
  if (r >= -1) return r;
  stack.push(templateExpr);
  return -r - 2;
}

/** The regex literal starting at `i` ends where? -1 when unterminated on its line. */
export function regexEnd(text: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < text.length; j++) {
    const r = text.charCodeAt(j);
    if (r === 10 || r === 13) return -1;
    if (r === 92) j++;
    else if (r === 91) inClass = true;
    else if (r === 93) inClass = false;
    else if (r === 47 && !inClass) return j;
  }
  return -1;
}

export function regexMayStart(text: string, lastSigAt: number): boolean {
  if (lastSigAt === -1) return true;
  if (REGEX_AFTER.has(text[lastSigAt] ?? "")) return true;
  return REGEX_AFTER_WORDS.test(text.slice(Math.max(0, lastSigAt - 11), lastSigAt + 1));
}

/**
 * Skips what starts at `i` when it is a `/` or a quote: a line comment (to its line break, or the
 * end), a block comment (to its `/` of the close), a regex literal (to its closing `/`, when one
 * can start after `lastSigAt`), a string (to its closing quote). Returns that end, `i` itself for
 * a division, or -1 when unterminated.
 */
export function skipCommentRegexOrString(text: string, i: number, c: number, lastSigAt: number): number {
  if (c !== 47) return stringEnd(text, i, c);
  const d = text.charCodeAt(i + 1);
  if (d === 47) {
    const e = text.indexOf("\n", i);
    return e === -1 ? text.length : e;
  }
  if (d === 42) {
    const e = text.indexOf("*/", i + 2);
    return e === -1 ? -1 : e + 1;
  }
  return regexMayStart(text, lastSigAt) ? regexEnd(text, i) : i;
}

/** Is the `/` at `i` the start of a comment? */
export function commentAt(text: string, i: number): boolean {
  const d = text.charCodeAt(i + 1);
  return text.charCodeAt(i) === 47 && (d === 47 || d === 42);
}

/** Between a parameter list's `)` and a `{`: is that `{` the body (not an object type in the return type)? */
export function opensBody(between: string): boolean {
  const t = between.trim();
  if (t === "") return true;
  if (!t.startsWith(":")) return false;
  const last = t.charCodeAt(t.length - 1);
  return isIdentCode(last) || last === 93 || last === 41 || (last === 62 && !t.endsWith("=>"));
}

/**
 * Character kinds for the lexical scan's hot loop: one table load instead of a chain of
 * comparisons per character (most characters are blanks or identifier characters).
 */
export const SPACE = 1;
export const WORD = 2;
export const SPECIAL = 3;
export const KIND = new Uint8Array(65536);
for (const c of [32, 9, 10, 13]) KIND[c] = SPACE;
for (let c = 0; c < 128; c++) if (isIdentCode(c)) KIND[c] = WORD;
for (const ch of "/'\"`{}()[];") KIND[ch.charCodeAt(0)] = SPECIAL;
