/**
 * The token kinds of the import lexer (lex-tokens.ts) and the byte-level pieces it is built
 * from: keyword lookup without decoding, the division-or-regex decision, and the skipping of
 * strings, templates and regular expressions. Every syntax-significant character is ASCII, so
 * all of it works on UTF-8 bytes.
 */

export const enum T {
  Ident = 1,
  PrivateIdent,
  Number,
  String,
  NoSubTemplate,
  TemplateHead,
  TemplateMiddle,
  TemplateTail,
  Regex,
  /** A non-null assertion `x!`. */
  NonNull,
  /** A whole JSX element (it ends an expression, like an identifier). */
  Jsx,
  OpenParen,
  CloseParen,
  OpenBrace,
  CloseBrace,
  OpenBracket,
  CloseBracket,
  Semicolon,
  Comma,
  Equals,
  Question,
  AmpAmp,
  BarBar,
  QuestionQuestion,
  Dot,
  QuestionDot,
  DotDotDot,
  Arrow,
  Colon,
  LessThan,
  GreaterThan,
  Bar,
  Amp,
  Asterisk,
  PlusPlus,
  MinusMinus,
  OtherPunct,
  // Words from here on (isWord).
  Import,
  Export,
  From,
  Type,
  As,
  Require,
  Await,
  Using,
  Function,
  Typeof,
  Extends,
  Keyof,
  Readonly,
  For,
  If,
  While,
  Switch,
  Catch,
  With,
  Const,
  // Keywords after which `/` starts a regular expression (with Await and Typeof).
  Return,
  Instanceof,
  In,
  Of,
  New,
  Delete,
  Void,
  Throw,
  Case,
  Do,
  Else,
  Yield,
}

export interface Tokens {
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  count: number;
}

export function isWord(k: number): boolean {
  return k === T.Ident || k >= T.Import;
}

const WORDS: [string, T][] = [
  ["import", T.Import],
  ["export", T.Export],
  ["from", T.From],
  ["type", T.Type],
  ["as", T.As],
  ["require", T.Require],
  ["await", T.Await],
  ["using", T.Using],
  ["function", T.Function],
  ["typeof", T.Typeof],
  ["extends", T.Extends],
  ["keyof", T.Keyof],
  ["readonly", T.Readonly],
  ["for", T.For],
  ["if", T.If],
  ["while", T.While],
  ["switch", T.Switch],
  ["catch", T.Catch],
  ["with", T.With],
  ["const", T.Const],
  ["return", T.Return],
  ["instanceof", T.Instanceof],
  ["in", T.In],
  ["of", T.Of],
  ["new", T.New],
  ["delete", T.Delete],
  ["void", T.Void],
  ["throw", T.Throw],
  ["case", T.Case],
  ["do", T.Do],
  ["else", T.Else],
  ["yield", T.Yield],
];

/** Words keyed by length and first two bytes; the rest is compared byte by byte. */
const WORD_TABLE = new Map<number, { bytes: number[]; kind: T }[]>();
for (const [word, kind] of WORDS) {
  const bytes = [...word].map((c) => c.charCodeAt(0));
  const key = (bytes.length << 16) | ((bytes[0] as number) << 8) | (bytes[1] as number);
  (WORD_TABLE.get(key) ?? WORD_TABLE.set(key, []).get(key))?.push({ bytes, kind });
}

/** Bytes a word of WORDS starts with: most identifiers are told apart by this alone. */
const FIRST = new Uint8Array(256);
for (const [word] of WORDS) FIRST[word.charCodeAt(0)] = 1;

export function wordKind(b: Uint8Array, s: number, e: number): T {
  const len = e - s;
  if (len < 2 || len > 10 || FIRST[b[s] as number] === 0) return T.Ident;
  const hits = WORD_TABLE.get((len << 16) | ((b[s] as number) << 8) | (b[s + 1] as number));
  if (!hits) return T.Ident;
  outer: for (const { bytes, kind } of hits) {
    for (let i = 2; i < len; i++) if (bytes[i] !== b[s + i]) continue outer;
    return kind;
  }
  return T.Ident;
}

/** After these, `/` is a division: the previous token ended an expression. */
export function slashIsDivision(prev: number): boolean {
  switch (prev) {
    case T.Ident:
    case T.PrivateIdent:
    case T.Number:
    case T.String:
    case T.NoSubTemplate:
    case T.TemplateTail:
    case T.Regex:
    case T.NonNull:
    case T.Jsx:
    case T.CloseParen:
    case T.CloseBracket:
    case T.CloseBrace:
    case T.PlusPlus:
    case T.MinusMinus:
      return true;
    case T.Await:
    case T.Typeof:
      return false;
    default:
      return prev >= T.Import && prev < T.Return;
  }
}

// Byte classes: 1 identifier start, 2 identifier part only (digits).
export const ID = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 128) ID[c] = 1;
  else if (c >= 48 && c <= 57) ID[c] = 2;
}

/** Length of a non-ASCII whitespace or line-separator sequence at `i` (NBSP, U+2000–U+200A, U+2028/9, U+202F, U+205F, U+3000, BOM), else 0. */
export function unicodeSpace(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === 0xc2 && b[i + 1] === 0xa0) return 2;
  if (c === 0xe2) {
    const d = b[i + 1];
    const f = b[i + 2] as number;
    if (d === 0x80 && ((f >= 0x80 && f <= 0x8a) || f === 0xa8 || f === 0xa9 || f === 0xaf)) return 3;
    if (d === 0x81 && f === 0x9f) return 3;
  }
  if (c === 0xe3 && b[i + 1] === 0x80 && b[i + 2] === 0x80) return 3;
  if (c === 0xef && b[i + 1] === 0xbb && b[i + 2] === 0xbf) return 3;
  return 0;
}

export function isLineSeparator(b: Uint8Array, i: number): boolean {
  return b[i] === 0xe2 && b[i + 1] === 0x80 && (b[i + 2] === 0xa8 || b[i + 2] === 0xa9);
}

/** Index just past the closing quote of the string opening at `i`, or -1 when unterminated. */
export function skipString(b: Uint8Array, i: number, n: number): number {
  const quote = b[i];
  for (let j = i + 1; j < n; j++) {
    const c = b[j];
    if (c === quote) return j + 1;
    if (c === 92) j++;
    else if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/** From just after a backtick or a substitution's `}`: index past the closing backtick (ended) or past `${`, or -1. */
export function skipTemplate(b: Uint8Array, i: number, n: number): { at: number; ended: boolean } {
  for (let j = i; j < n; j++) {
    const c = b[j];
    if (c === 96) return { at: j + 1, ended: true };
    if (c === 92) j++;
    else if (c === 36 && b[j + 1] === 123) return { at: j + 2, ended: false };
  }
  return { at: -1, ended: false };
}

/** Index past a regular expression opening at `i` (the `/`) and its flags, or -1. */
export function skipRegex(b: Uint8Array, i: number, n: number): number {
  let inClass = false;
  for (let j = i + 1; j < n; j++) {
    const c = b[j];
    if (c === 10 || c === 13) return -1;
    if (c === 92) j++;
    else if (c === 91) inClass = true;
    else if (c === 93) inClass = false;
    else if (c === 47 && !inClass) {
      let k = j + 1;
      while (k < n && ID[b[k] as number] !== 0) k++;
      return k;
    }
  }
  return -1;
}
