/**
 * A byte-level lexer for the import scanner (scan-imports.ts): UTF-8 bytes in, a compact
 * token stream out (kind, start, end in typed arrays; kinds in token-kinds.ts) with just the
 * distinctions the scanner reads. Comments and whitespace are skipped. In a .tsx file a JSX
 * element becomes one token, except for the code inside its `{…}` containers, which is lexed
 * like any other. `/` is read the way TypeScript's scanner does token by token (a division
 * after an expression's end, a regular expression elsewhere). Whatever it cannot read with
 * certainty — an unterminated string, comment, template, regular expression or element,
 * unbalanced brackets, a backslash outside a literal — returns a reason instead, and the
 * scanner asks the TypeScript AST.
 */
import {
  ID,
  isLineSeparator,
  skipRegex,
  skipString,
  skipTemplate,
  slashIsDivision,
  T,
  type Tokens,
  unicodeSpace,
  wordKind,
} from "./token-kinds.js";
import { operatorAt, opensJsxElement } from "./operators.js";

class Unsure extends Error {}

const out: Tokens = { kind: new Uint8Array(1024), start: new Int32Array(1024), end: new Int32Array(1024), count: 0 };

/** One lexing run's state (module-level: the lexer is synchronous and reentrant only through JSX). */
let b: Uint8Array = new Uint8Array(0);
let n = 0;
let pos = 0;
let count = 0;
let prev = 0;
let braceDepth = 0;
let parenDepth = 0;
let bracketDepth = 0;
let templateDepths: number[] = [];
let jsx = false;
/** Where the next \r and the next 0xE2 byte (U+2028/9's lead) are, at or after the last line comment; -1: none left. */
let nextCr = 0;
let nextWide = 0;

function grow(): void {
  const size = out.kind.length * 2;
  const kind = new Uint8Array(size);
  kind.set(out.kind);
  const start = new Int32Array(size);
  start.set(out.start);
  const end = new Int32Array(size);
  end.set(out.end);
  out.kind = kind;
  out.start = start;
  out.end = end;
}

function push(kind: T, s: number, e: number): void {
  if (count === out.kind.length) grow();
  out.kind[count] = kind;
  out.start[count] = s;
  out.end[count] = e;
  count++;
  prev = kind;
}

/**
 * Tokens of a module's bytes, or the reason they cannot be read with certainty. `tsx`: read
 * JSX. The returned object is reused by the next call.
 */
export function lexTokens(bytes: Uint8Array, tsx = false): Tokens | string {
  b = bytes;
  n = bytes.length;
  pos = 0;
  count = 0;
  prev = 0;
  braceDepth = parenDepth = bracketDepth = 0;
  templateDepths = [];
  jsx = tsx;
  nextCr = nextWide = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) pos = 3;
  if (b[pos] === 35 && b[pos + 1] === 33) while (pos < n && b[pos] !== 10 && b[pos] !== 13) pos++; // #! line
  try {
    lexCode(-1);
  } catch (error) {
    if (error instanceof Unsure) return error.message;
    throw error;
  } finally {
    b = new Uint8Array(0);
  }
  out.count = count;
  if (braceDepth !== 0 || parenDepth !== 0 || bracketDepth !== 0 || templateDepths.length > 0)
    return "unbalanced brackets";
  return out;
}

/** Skips a comment at `pos` if there is one; false when `pos` holds no comment. */
function skipComment(): boolean {
  if (b[pos] !== 47) return false;
  if (b[pos + 1] === 47) {
    // To the next \n by a native search, unless a lone \r or U+2028/9 ends the line sooner.
    let nl = b.indexOf(10, pos + 2);
    if (nl < 0) nl = n;
    // Cursors that only move forward, so the searches stay linear in the file.
    if (nextCr !== -1 && nextCr < pos + 2) nextCr = b.indexOf(13, pos + 2);
    if (nextWide !== -1 && nextWide < pos + 2) nextWide = b.indexOf(0xe2, pos + 2);
    if ((nextCr !== -1 && nextCr < nl - 1) || (nextWide !== -1 && nextWide < nl))
      for (nl = pos + 2; nl < n && b[nl] !== 10 && b[nl] !== 13 && !isLineSeparator(b, nl); nl++);
    pos = nl;
    return true;
  }
  if (b[pos + 1] === 42) {
    let j = b.indexOf(42, pos + 2);
    while (j >= 0 && b[j + 1] !== 47) j = b.indexOf(42, j + 1);
    if (j < 0) throw new Unsure("unterminated comment");
    pos = j + 2;
    return true;
  }
  return false;
}

/** Lexes code until the end, or until the `}` that closes a JSX container opened at brace depth `stop` (then true). */
function lexCode(stop: number): boolean {
  // Locals for the hot loop (whitespace and words); the rest goes through `pos`.
  const bytes = b;
  const end = n;
  let p = pos;
  while (p < end) {
    const c = bytes[p] as number;
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12) {
      p++;
      continue;
    }
    if (ID[c] === 1) {
      if (c >= 128) {
        const space = unicodeSpace(bytes, p);
        if (space > 0) {
          p += space;
          continue;
        }
      }
      const s = p;
      for (p++; p < end; p++) {
        const d = bytes[p] as number;
        if (ID[d] === 0 || (d >= 128 && unicodeSpace(bytes, p) > 0)) break;
      }
      push(wordKind(bytes, s, p), s, p);
      continue;
    }
    pos = p;
    if (c >= 48 && c <= 57) lexNumber();
    else if (c === 125 && braceDepth === stop && templateDepths[templateDepths.length - 1] !== braceDepth) {
      pos++;
      return true; // the JSX container's end
    } else lexPunctuation(c);
    p = pos;
  }
  pos = p;
  return false;
}

function lexNumber(): void {
  const s = pos;
  const hex = b[s + 1] === 120 || b[s + 1] === 88;
  for (pos++; pos < n; pos++) {
    const d = b[pos] as number;
    if (ID[d] === 0 && d !== 46) break;
    if ((d === 101 || d === 69) && !hex && (b[pos + 1] === 43 || b[pos + 1] === 45)) pos++; // 1e-5
  }
  push(T.Number, s, pos);
}

/** A one-to-three-byte operator: `kind` when it is exactly `len` bytes long. */
function op(kind: T, len: number): void {
  const s = pos;
  pos += len;
  push(kind, s, pos);
}

function lexPunctuation(c: number): void {
  const s = pos;
  const d = b[pos + 1];
  const e = b[pos + 2];
  switch (c) {
    case 47: // / // /* /= regex
      if (skipComment()) return;
      if (slashIsDivision(prev)) return op(T.OtherPunct, d === 61 ? 2 : 1);
      pos = skipRegex(b, pos, n);
      if (pos < 0) throw new Unsure(`unterminated regular expression at ${s}`);
      return push(T.Regex, s, pos);
    case 39:
    case 34:
      pos = skipString(b, pos, n);
      if (pos < 0) throw new Unsure(`unterminated string at ${s}`);
      return push(T.String, s, pos);
    case 96: {
      const r = skipTemplate(b, pos + 1, n);
      if (r.at < 0) throw new Unsure(`unterminated template at ${s}`);
      pos = r.at;
      if (!r.ended) templateDepths.push(braceDepth);
      return push(r.ended ? T.NoSubTemplate : T.TemplateHead, s, pos);
    }
    case 123:
      braceDepth++;
      return op(T.OpenBrace, 1);
    case 125: {
      if (templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === braceDepth) {
        const r = skipTemplate(b, pos + 1, n);
        if (r.at < 0) throw new Unsure(`unterminated template at ${s}`);
        pos = r.at;
        if (r.ended) templateDepths.pop();
        return push(r.ended ? T.TemplateTail : T.TemplateMiddle, s, pos);
      }
      braceDepth--;
      return op(T.CloseBrace, 1);
    }
    case 40:
      parenDepth++;
      return op(T.OpenParen, 1);
    case 41:
      parenDepth--;
      return op(T.CloseParen, 1);
    case 91:
      bracketDepth++;
      return op(T.OpenBracket, 1);
    case 93:
      bracketDepth--;
      return op(T.CloseBracket, 1);
    case 46: // . ... .5
      if (d !== undefined && d >= 48 && d <= 57) return lexNumber();
      if (d === 46 && e === 46) return op(T.DotDotDot, 3);
      return op(T.Dot, 1);
    case 60: // a JSX element, or else an operator
      if (jsx && !slashIsDivision(prev) && opensJsxElement(b, pos, n)) return lexElement();
      break;
    case 35: // #private
      if (ID[d as number] !== 1) throw new Unsure(`stray # at ${s}`);
      for (pos += 2; pos < n && ID[b[pos] as number] !== 0; pos++);
      return push(T.PrivateIdent, s, pos);
    case 33: // ! != !== or a non-null assertion, `x!`, which ends an expression as `x` does
      if (d !== 61 && pos > 0 && slashIsDivision(prev) && out.end[count - 1] === pos) return op(T.NonNull, 1);
      return op(T.OtherPunct, d === 61 ? (e === 61 ? 3 : 2) : 1);
  }
  const code = operatorAt(c, d, e);
  if (code < 0) throw new Unsure(`unexpected character ${c} at ${s}`);
  return op(code >> 2, code & 3);
}

function skipJsxSpace(): void {
  for (;;) {
    const c = b[pos];
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12) pos++;
    else if (c !== undefined && c >= 128 && unicodeSpace(b, pos) > 0) pos += unicodeSpace(b, pos);
    else if (!skipComment()) return;
  }
}

/** `{…}` in JSX: code up to the matching `}`, as a brace pair, so the scanner sees where the code ends. */
function lexContainer(): void {
  const before = prev;
  push(T.OpenBrace, pos, pos + 1);
  pos++;
  if (!lexCode(braceDepth)) throw new Unsure("unterminated JSX container");
  push(T.CloseBrace, pos - 1, pos);
  prev = before;
}

/** A JSX element or fragment at `pos` (its `<`), children included: one Jsx token. */
function lexElement(): void {
  const at = count;
  push(T.Jsx, pos, pos); // first, so tokens stay in source order; its end is known after the children
  element();
  out.end[at] = pos;
  prev = T.Jsx;
}

function element(): void {
  pos++; // <
  skipJsxSpace();
  if (b[pos] === 62) {
    pos++;
    return children();
  }
  while (pos < n && (ID[b[pos] as number] !== 0 || b[pos] === 46 || b[pos] === 58 || b[pos] === 45)) pos++;
  for (;;) {
    skipJsxSpace();
    const c = b[pos];
    if (c === 47 && b[pos + 1] === 62) {
      pos += 2;
      return;
    }
    if (c === 62) {
      pos++;
      return children();
    }
    if (c === 123) {
      lexContainer();
      continue;
    }
    if (c === undefined || ID[c] !== 1) throw new Unsure(`JSX attribute at ${pos}`);
    while (pos < n && (ID[b[pos] as number] !== 0 || b[pos] === 45 || b[pos] === 58)) pos++;
    skipJsxSpace();
    if (b[pos] !== 61) continue;
    pos++;
    skipJsxSpace();
    const v = b[pos];
    if (v === 34 || v === 39) {
      const close = b.indexOf(v, pos + 1); // JSX strings have no escapes
      if (close < 0) throw new Unsure(`unterminated JSX string at ${pos}`);
      pos = close + 1;
    } else if (v === 123) lexContainer();
    else if (v === 60) element();
    else throw new Unsure(`JSX attribute value at ${pos}`);
  }
}

/** Children after an opening tag's `>`, through the closing tag. */
function children(): void {
  for (;;) {
    while (pos < n && b[pos] !== 60 && b[pos] !== 123) pos++;
    if (pos >= n) throw new Unsure("unterminated JSX element");
    if (b[pos] === 123) {
      lexContainer();
      continue;
    }
    if (b[pos + 1] === 47) {
      const close = b.indexOf(62, pos);
      if (close < 0) throw new Unsure("unterminated JSX closing tag");
      pos = close + 1;
      return;
    }
    element();
  }
}
