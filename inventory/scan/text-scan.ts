/**
 * Character-level readers for the text pre-filter (text-hints.ts): a class header's heritage with
 * brackets counted, what lies outside brackets, `export *`, a variable declaration, and a cheap
 * line-local comment test. All work on decoded text, ASCII identifiers only.
 */

import { isIdentCode } from "../extract/liveness.js";

/** What `trimStart` skips, for the characters that occur before code. */
const isBlankCode = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff;

/** How far past `class` a header is read (a mixin's options object can be long; real headers are short). */
const MAX_HEADER = 1000;

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
export function heritageAfter(text: string, from: number): string | null {
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
export function outsideBrackets(text: string, callArgs = false): string {
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
export function hasStarExport(text: string): boolean {
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
export function declaresVariable(text: string, name: string): boolean {
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
export function lineCommentTest(text: string): (index: number) => boolean {
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
