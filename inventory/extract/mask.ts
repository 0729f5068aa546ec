/**
 * maskInertBodies(text): a parse-time shortcut for big files. Cuts out top-level functions
 * that cannot contribute a fact (no class, no construction of a non-built-in, no plain-identifier
 * call, no nested declaration keyword, no permission category string) and inert interfaces,
 * keeping only their line breaks: every line number stays the same, while the parser no longer
 * scans the cut text (not even as blanks: TypeScript's scanner and its line table walk every
 * character). A whole function goes when it stands on lines of its own; its one fact, an
 * `export`, is handed back for the caller to merge by line. Otherwise only its body (and an
 * inert signature) goes. Returns null when nothing was masked or when the lexical scan is unsure
 * (unbalanced brackets, unterminated string/comment/regex); the caller also falls back to the
 * full text whenever the masked text has a parse error. Facts are identical to the full parse
 * (functions without calls are not recorded either way).
 */
import { BUILTIN_CONSTRUCTORS } from "./builtins.js";
import type { LocalExportFact } from "./facts.js";

/** An optional modifier chain, then the keyword (tested after leading comments are skipped). */
const MODIFIERS = String.raw`^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?`;
const FUNCTION_HEAD = new RegExp(`${MODIFIERS}function\\b`);
/** A top-level function's head up to its parameter list: `export async function* name<T>`. */
const FUNCTION_NAME_HEAD = new RegExp(`${MODIFIERS}function\\b\\s*\\*?\\s*[\\w$]*\\s*(?:<[^]*>)?\\s*$`);
const INTERFACE_HEAD = new RegExp(`${MODIFIERS}interface\\b`);
/** What a whole cut function exported: `export [default] [async] function [*] name`. */
const FUNCTION_EXPORT = /^export\s+(default\s+)?(?:async\s+)?function\b\s*\*?\s*([A-Za-z_$][\w$]*)?/;

/** The statement head without its leading whitespace and comments (a loop, not a backtracking regex). */
function headOf(text: string, from: number, to: number): string {
  return text.slice(headTokenAt(text, from, to), to);
}

/** Where the head's first token starts, after leading whitespace and comments. */
function headTokenAt(text: string, from: number, to: number): number {
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

/** Reserved words that may stand before `(` without being a call (`of`, `await`, `yield` can be identifiers). */
const CALL_KEYWORDS = new Set(["if", "for", "while", "switch", "catch", "return", "typeof", "void", "in", "do", "else", "case", "delete", "throw", "instanceof", "function"]);
/** Words (and a decorator sign, and category strings) that make a body live on sight; `new` is checked further. */
const LIVE_WORDS = /\b(?:class|new|type|interface|enum|namespace|module|declare|import|export|require)\b|@|["'\x60](?:read|write|execute|external)["'\x60]/g;
const NEW_TARGET = /new\s+([A-Za-z_$][\w$]*)\s*([.[])?/y;
const SPACED_GENERIC_CALL = /<[^;]*?>\s*(?:\?\.\s*)?\(/y;

const isIdentCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
const isSpaceCode = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The identifier ending just before `at` (after skipping spaces back), with its start; "" when none. */
function identBefore(body: string, at: number): { word: string; start: number } {
  let e = at - 1;
  while (e >= 0 && isSpaceCode(body.charCodeAt(e))) e--;
  let b = e;
  while (b >= 0 && isIdentCode(body.charCodeAt(b))) b--;
  return { word: body.slice(b + 1, e + 1), start: b + 1 };
}

/**
 * Could this function body yield a fact? Over-generous on purpose (comments and strings count):
 * a class, a non-built-in `new`, a plain or generic call `f(…)` / `f<T>(…)` / `f?.(…)`, a nested
 * declaration keyword, a decorator, a permission category string.
 */
export function liveBody(body: string): boolean {
  LIVE_WORDS.lastIndex = 0;
  for (let m = LIVE_WORDS.exec(body); m; m = LIVE_WORDS.exec(body)) {
    if (m[0] !== "new") return true;
    NEW_TARGET.lastIndex = m.index;
    const t = NEW_TARGET.exec(body);
    if (!t || !BUILTIN_CONSTRUCTORS.has(t[1] ?? "") || t[2] !== undefined) return true;
  }
  for (let p = body.indexOf("("); p !== -1; p = body.indexOf("(", p + 1)) {
    let q = p;
    // `f?.(…)`
    if (body.charCodeAt(q - 1) === 46 && body.charCodeAt(q - 2) === 63) q -= 2;
    // The word before the `(` spans (b, e]; checked without making a string until the keyword test.
    let e = q - 1;
    while (e >= 0 && isSpaceCode(body.charCodeAt(e))) e--;
    let b = e;
    while (b >= 0 && isIdentCode(body.charCodeAt(b))) b--;
    if (b === e) continue;
    const first = body.charCodeAt(b + 1);
    if (first >= 48 && first <= 57) continue;
    let k = b;
    while (k >= 0 && isSpaceCode(body.charCodeAt(k))) k--;
    if (body.charCodeAt(k) === 46 && body.charCodeAt(k - 1) !== 46) continue; // `a.f(…)`, but `...f(…)` is a call
    if (e - b <= 10 && CALL_KEYWORDS.has(body.slice(b + 1, e + 1))) continue;
    return true;
  }
  for (let p = body.indexOf("<"); p !== -1; p = body.indexOf("<", p + 1)) {
    const before = body.charCodeAt(p - 1);
    if (isIdentCode(before)) {
      const { start } = identBefore(body, p);
      const head = body.slice(Math.max(0, start - 12), start);
      if (/\bnew\s+$/.test(head)) continue; // `new Map<…>` (a non-built-in `new` already made the body live)
      return true;
    }
    if (isSpaceCode(before) && identBefore(body, p).word !== "") {
      SPACED_GENERIC_CALL.lastIndex = p;
      if (SPACED_GENERIC_CALL.test(body)) return true;
    }
  }
  return false;
}

/** Everything but line breaks (TypeScript counts \r, \n, U+2028 and U+2029 as line breaks). */
const NOT_LINE_BREAKS = /[^\n\r\u2028\u2029]+/g;

/** Is every line break of the text a `\n` or `\r\n`? (Then a line is a count of `\n`s.) */
export function plainLineBreaks(text: string): boolean {
  return text.indexOf("\u2028") === -1 && text.indexOf("\u2029") === -1 && (text.indexOf("\r") === -1 || !/\r(?!\n)/.test(text));
}

/** The line breaks of text[start, end): with plain breaks, one `\n` per `\n` found natively (~4× faster than the regex). */
function lineBreaksOf(text: string, start: number, end: number, plain: boolean): string {
  if (!plain) return text.slice(start, end).replace(NOT_LINE_BREAKS, "");
  let n = 0;
  for (let p = text.indexOf("\n", start); p !== -1 && p < end; p = text.indexOf("\n", p + 1)) n++;
  return "\n".repeat(n);
}

/** Previous significant characters after which `/` starts a regex literal rather than a division. */
const REGEX_AFTER = new Set("(,=:[!&|?{};+-*%<>~^".split(""));
const REGEX_AFTER_WORDS = /(?:^|[^\w$.])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await|instanceof)$/;

interface Range {
  readonly start: number;
  readonly end: number;
  /** A whole function cut with its `export`: the export, and where its first token was. */
  readonly exported?: { readonly exported: string; readonly local: string; readonly at: number };
}

const enum Open {
  Brace,
  Paren,
  Bracket,
  TemplateExpr,
}

/** Skips a '…' or "…" string starting at `i`; returns the index of the closing quote, or -1. */
function stringEnd(text: string, i: number, quote: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === quote) return j;
    else if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/** Scans template text from `i`; returns the index of the closing backtick (>= 0) or of the `{` of `${` as -(index + 2), or -1. */
function templateStop(text: string, i: number): number {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 96) return j;
    else if (c === 36 && text.charCodeAt(j + 1) === 123) return -(j + 1) - 2;
  }
  return -1;
}

/** The regex literal starting at `i` ends where? -1 when unterminated on its line. */
function regexEnd(text: string, i: number): number {
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

function regexMayStart(text: string, lastSigAt: number): boolean {
  if (lastSigAt === -1) return true;
  if (REGEX_AFTER.has(text[lastSigAt] ?? "")) return true;
  return REGEX_AFTER_WORDS.test(text.slice(Math.max(0, lastSigAt - 11), lastSigAt + 1));
}

/** Between a parameter list's `)` and a `{`: is that `{` the body (not an object type in the return type)? */
function opensBody(between: string): boolean {
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
const SPACE = 1;
const WORD = 2;
const SPECIAL = 3;
const KIND = new Uint8Array(65536);
for (const c of [32, 9, 10, 13]) KIND[c] = SPACE;
for (let c = 0; c < 128; c++) if (isIdentCode(c)) KIND[c] = WORD;
for (const ch of "/'\"`{}()[];") KIND[ch.charCodeAt(0)] = SPECIAL;

/** Top-level `{…}` interiors that are safe to cut, or null when the scan is unsure. */
export function inertBodies(text: string, plainLines = plainLineBreaks(text)): Range[] | null {
  const ranges: Range[] = [];
  // Whole functions are cut only where every line break is a `\n` (or `\r\n`): the cut export's
  // line is then a count of `\n`s.
  const wholeFunctions = plainLines;
  const stack: Open[] = [];
  let headStart = 0;
  let bodyOpen = -1;
  let bodyKind = 0; // 0 none, 1 function, 2 interface
  let paramOpen = -1; // `(` and `)` of the current top-level function's parameter list
  let paramClose = -1;
  let lastSigAt = -1; // last significant (non-space, non-comment) character
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = KIND[c];
    if (kind === SPACE) continue;
    if (kind === WORD) {
      while (i + 1 < n && KIND[text.charCodeAt(i + 1)] === WORD) i++;
      lastSigAt = i;
      continue;
    }
    if (kind !== SPECIAL) {
      lastSigAt = i;
      continue;
    }
    if (c === 47) {
      const d = text.charCodeAt(i + 1);
      if (d === 47) {
        const e = text.indexOf("\n", i);
        i = e === -1 ? n : e;
        continue;
      }
      if (d === 42) {
        const e = text.indexOf("*/", i + 2);
        if (e === -1) return null;
        i = e + 1;
        continue;
      }
      if (regexMayStart(text, lastSigAt)) {
        i = regexEnd(text, i);
        if (i === -1) return null;
      }
    } else if (c === 39 || c === 34) {
      i = stringEnd(text, i, c);
      if (i === -1) return null;
    } else if (c === 96) {
      const r = templateStop(text, i + 1);
      if (r === -1) return null;
      if (r < -1) {
        i = -r - 2;
        stack.push(Open.TemplateExpr);
      } else i = r;
    } else if (c === 123) {
      if (stack.length === 0) {
        const head = headOf(text, headStart, i);
        const signed = paramOpen >= headStart && paramClose > paramOpen && opensBody(text.slice(paramClose + 1, i));
        bodyKind = signed && FUNCTION_HEAD.test(head) ? 1 : INTERFACE_HEAD.test(head) ? 2 : 0;
        bodyOpen = i;
      }
      stack.push(Open.Brace);
    } else if (c === 40) {
      if (stack.length === 0 && paramOpen < headStart && FUNCTION_NAME_HEAD.test(headOf(text, headStart, i))) paramOpen = i;
      stack.push(Open.Paren);
    } else if (c === 91) stack.push(Open.Bracket);
    else if (c === 125) {
      const top = stack.pop();
      if (top === Open.TemplateExpr) {
        const r = templateStop(text, i + 1);
        if (r === -1) return null;
        if (r < -1) {
          i = -r - 2;
          stack.push(Open.TemplateExpr);
        } else i = r;
      } else if (top !== Open.Brace) return null;
      else if (stack.length === 0) {
        if (bodyKind !== 0 && i > bodyOpen + 1) pushInert(ranges, text, bodyKind, headStart, paramOpen, paramClose, bodyOpen, i, wholeFunctions);
        bodyKind = 0;
        headStart = i + 1;
      }
    } else if (c === 41) {
      if (stack.pop() !== Open.Paren) return null;
      if (stack.length === 0 && paramOpen >= headStart && paramClose < paramOpen) paramClose = i;
    } else if (c === 93) {
      if (stack.pop() !== Open.Bracket) return null;
    } else if (c === 59 && stack.length === 0) headStart = i + 1;
    lastSigAt = i;
  }
  return stack.length === 0 ? ranges : null;
}

/**
 * A top-level body `{…}` closing at `close` ended: record what of it (and of its signature) is
 * inert. An inert interface goes whole, head and leading comments included: interfaces yield
 * no fact (call-signature ones are live), so the parser need not even see their names.
 */
function pushInert(ranges: Range[], text: string, bodyKind: number, headStart: number, paramOpen: number, paramClose: number, bodyOpen: number, close: number, wholeFunctions: boolean): void {
  const interior = text.slice(bodyOpen + 1, close);
  const live = bodyKind === 1 ? liveBody(interior) : interior.includes("(") || interior.includes("@");
  if (live) return;
  if (bodyKind === 2) {
    ranges.push({ start: headStart, end: close + 1 });
    return;
  }
  // An inert function with an inert signature: cut its parameters and return type too.
  if (bodyKind === 1) {
    const params = text.slice(paramOpen + 1, paramClose);
    const returns = text.slice(paramClose + 1, bodyOpen);
    if (!liveBody(params) && !liveBody(returns)) {
      const whole = wholeFunctions ? wholeFunction(text, headStart, paramOpen, close) : null;
      if (whole) {
        ranges.push(whole);
        return;
      }
      if (paramClose > paramOpen + 1) ranges.push({ start: paramOpen + 1, end: paramClose });
      const colon = returns.indexOf(":");
      if (colon !== -1) ranges.push({ start: paramClose + 1 + colon, end: bodyOpen });
    }
  }
  ranges.push({ start: bodyOpen + 1, end: close });
}

const isBlank = (c: number) => c === 32 || c === 9;

/**
 * An inert function from its head (leading comments included) to its `}`, when it stands on
 * lines of its own (nothing but blanks before its first token or after its `}` on those lines):
 * then no other statement starts on its line, and its export merges back by line exactly.
 */
function wholeFunction(text: string, headStart: number, paramOpen: number, close: number): Range | null {
  const at = headTokenAt(text, headStart, paramOpen);
  let b = at - 1;
  while (b >= 0 && isBlank(text.charCodeAt(b))) b--;
  if (b >= 0 && text.charCodeAt(b) !== 10) return null;
  let e = close + 1;
  while (e < text.length && (isBlank(text.charCodeAt(e)) || text.charCodeAt(e) === 13)) e++;
  if (e < text.length && text.charCodeAt(e) !== 10) return null;
  const m = FUNCTION_EXPORT.exec(text.slice(at, paramOpen));
  const local = m?.[2];
  if (!m || local === undefined) return { start: headStart, end: close + 1 };
  return { start: headStart, end: close + 1, exported: { exported: m[1] ? "default" : local, local, at } };
}

export interface MaskedText {
  readonly text: string;
  /** The `export`s of the functions cut whole, in text order, with their original lines. */
  readonly exports: readonly LocalExportFact[];
}

/** The text with inert code cut down to its line breaks, or null when there is nothing (safe) to cut. */
export function maskInertBodies(text: string): MaskedText | null {
  const plain = plainLineBreaks(text);
  const ranges = inertBodies(text, plain);
  if (!ranges || ranges.length === 0) return null;
  const parts: string[] = [];
  const exports: LocalExportFact[] = [];
  let at = 0;
  // Lines of cut exports: `\n`s counted from the last one on (ranges come in text order).
  let line = 1;
  let counted = 0;
  for (const r of ranges) {
    parts.push(text.slice(at, r.start), lineBreaksOf(text, r.start, r.end, plain));
    at = r.end;
    if (r.exported) {
      for (let p = text.indexOf("\n", counted); p !== -1 && p < r.exported.at; p = text.indexOf("\n", p + 1)) line++;
      counted = r.exported.at;
      exports.push({ exported: r.exported.exported, local: r.exported.local, line });
    }
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), exports };
}
