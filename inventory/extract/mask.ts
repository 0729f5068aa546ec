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
import { callAt, categoryString, genericAt, liveWord } from "./liveness.js";
import {
  commentAt,
  headOf,
  KIND,
  lineBreaksOf,
  opensBody,
  plainLineBreaks,
  SPACE,
  skipCommentRegexOrString,
  SPECIAL,
  resumeTemplate,
  WORD,
} from "./mask-lexer.js";
import type { LocalExportFact } from "./facts.js";
import { interfaceLive, pushInert, type Range } from "./inert-ranges.js";

/** An optional modifier chain, then the keyword (tested after leading comments are skipped). */
const MODIFIERS = String.raw`^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?`;
const FUNCTION_HEAD = new RegExp(`${MODIFIERS}function\\b`);
/** A top-level function's head up to its parameter list: `export async function* name<T>`. */
const FUNCTION_NAME_HEAD = new RegExp(`${MODIFIERS}function\\b\\s*\\*?\\s*[\\w$]*\\s*(?:<[^]*>)?\\s*$`);
const INTERFACE_HEAD = new RegExp(`${MODIFIERS}interface\\b`);

/**
 * Could this function body yield a fact? The same lexer and point checks the mask uses
 * (liveness.ts), run over the body as a function of its own: comments and string text do not
 * count, a category string does. A body the lexer is unsure of counts as live.
 */
export function liveBody(body: string): boolean {
  const ranges = inertBodies(`function f() {${body}\n}`);
  return ranges === null || ranges.length === 0;
}

const enum Open {
  Brace,
  Paren,
  Bracket,
  TemplateExpr,
}

/**
 * The scan's state past the character loop's own `i` and last significant character: what the
 * top-level statement being read is (its head's start, its body's `{`, a function's parameter
 * list) and, in a top-level function only, its liveness: region 1 is its signature (parameters,
 * return type), region 2 its body, `live` holds a bit per live region, and `checking` is set
 * while the current region is still inert (only then do the point checks run). One record the
 * handlers share, not a closure over locals (a closure's context object was measured slower on
 * this loop: bench/inventory).
 */
interface MaskScan {
  readonly text: string;
  readonly ranges: Range[];
  readonly stack: Open[];
  /** Whole functions are cut only where every line break is a `\n` (or `\r\n`): the cut export's line is then a count of `\n`s. */
  readonly wholeFunctions: boolean;
  headStart: number;
  bodyOpen: number;
  /** 0 none, 1 function, 2 interface. */
  bodyKind: number;
  /** `(` and `)` of the current top-level function's parameter list. */
  paramOpen: number;
  paramClose: number;
  region: number;
  live: number;
  checking: boolean;
}

function markLive(s: MaskScan): void {
  s.live |= s.region;
  s.checking = false;
}

/** A `{` at the top level: a function's body (checked from here), an interface's, or another statement's. */
function openTopBody(s: MaskScan, i: number): void {
  const { text } = s;
  const head = headOf(text, s.headStart, i);
  const signed = s.paramOpen >= s.headStart && s.paramClose > s.paramOpen && opensBody(text.slice(s.paramClose + 1, i));
  s.bodyKind = signed && FUNCTION_HEAD.test(head) ? 1 : INTERFACE_HEAD.test(head) ? 2 : 0;
  s.bodyOpen = i;
  s.region = s.bodyKind === 1 ? 2 : 0;
  s.live &= 1;
  s.checking = s.region === 2;
}

/** A `(`: a top-level function's parameter list opens its signature region; elsewhere, maybe a live call. */
function openParen(s: MaskScan, i: number): void {
  const { text } = s;
  if (s.stack.length === 0 && s.paramOpen < s.headStart && FUNCTION_NAME_HEAD.test(headOf(text, s.headStart, i))) {
    s.paramOpen = i;
    s.region = 1;
    s.live = 0;
    s.checking = true;
  } else if (s.checking && callAt(text, i)) markLive(s);
  s.stack.push(Open.Paren);
}

/** The `}` closing a top-level body: record what of an inert one goes, and start the next statement. */
function closeTopBody(s: MaskScan, i: number): void {
  if (s.bodyKind !== 0 && i > s.bodyOpen + 1) {
    const signatureInert = (s.live & 1) === 0;
    const inert = s.bodyKind === 1 ? (s.live & 2) === 0 : !interfaceLive(s.text, s.bodyOpen, i);
    if (inert)
      pushInert(
        s.ranges,
        s.text,
        s.bodyKind,
        s.headStart,
        s.paramOpen,
        s.paramClose,
        s.bodyOpen,
        i,
        s.wholeFunctions && signatureInert,
        signatureInert,
      );
  }
  s.bodyKind = 0;
  s.region = 0;
  s.checking = false;
  s.headStart = i + 1;
}

/**
 * Template text from `i` (just after a backtick, or after the `}` ending a `${…}`): where the
 * scan resumes (the closing backtick, or the `{` of a `${`, pushed), or -1 when unterminated.
 * A category string in a template's text makes the region live.
 */
function scanTemplate(s: MaskScan, i: number, from: number): number {
  const r = resumeTemplate(s.text, i, s.stack, Open.TemplateExpr);
  // Stopped at the closing backtick (not at the `{` of a `${`): the template's whole text is known.
  if (r !== -1 && s.text.charCodeAt(r) === 96 && s.checking && categoryString(s.text, from, r)) markLive(s);
  return r;
}

/** Top-level `{…}` interiors that are safe to cut, or null when the scan is unsure. */
export function inertBodies(text: string, plainLines = plainLineBreaks(text)): Range[] | null {
  const s: MaskScan = {
    text,
    ranges: [],
    stack: [],
    wholeFunctions: plainLines,
    headStart: 0,
    bodyOpen: -1,
    bodyKind: 0,
    paramOpen: -1,
    paramClose: -1,
    region: 0,
    live: 0,
    checking: false,
  };
  const { stack } = s;
  let lastSigAt = -1; // last significant (non-space, non-comment) character
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = KIND[c];
    if (kind === SPACE) continue;
    if (kind === WORD) {
      const start = i;
      while (i + 1 < n && KIND[text.charCodeAt(i + 1)] === WORD) i++;
      if (s.checking && liveWord(text, start, i)) markLive(s);
      lastSigAt = i;
      continue;
    }
    if (kind !== SPECIAL) {
      // `@` (a decorator) and `<` (maybe a generic call's type arguments).
      if (s.checking && (c === 64 || (c === 60 && genericAt(text, i)))) markLive(s);
      lastSigAt = i;
      continue;
    }
    if (c === 47 || c === 39 || c === 34) {
      const at = skipCommentRegexOrString(text, i, c, lastSigAt);
      if (at === -1) return null;
      if (c !== 47 && s.checking && categoryString(text, i, at)) markLive(s);
      // A comment is not significant: the scan goes on from its end, the last significant character unchanged.
      const comment = c === 47 && commentAt(text, i);
      i = at;
      if (comment) continue;
    } else if (c === 96) {
      i = scanTemplate(s, i + 1, i);
      if (i === -1) return null;
    } else if (c === 123) {
      if (stack.length === 0) openTopBody(s, i);
      stack.push(Open.Brace);
    } else if (c === 40) openParen(s, i);
    else if (c === 91) stack.push(Open.Bracket);
    else if (c === 125) {
      const top = stack.pop();
      if (top === Open.TemplateExpr) {
        // The `}` of a `${…}` resumes the template's text (no category check there, as before).
        i = resumeTemplate(text, i + 1, stack, Open.TemplateExpr);
        if (i === -1) return null;
      } else if (top !== Open.Brace) return null;
      else if (stack.length === 0) closeTopBody(s, i);
    } else if (c === 41) {
      if (stack.pop() !== Open.Paren) return null;
      if (stack.length === 0 && s.paramOpen >= s.headStart && s.paramClose < s.paramOpen) s.paramClose = i;
    } else if (c === 93) {
      if (stack.pop() !== Open.Bracket) return null;
    } else if (c === 59 && stack.length === 0) {
      s.headStart = i + 1;
      s.region = 0;
      s.checking = false;
    }
    lastSigAt = i;
  }
  return stack.length === 0 ? s.ranges : null;
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
