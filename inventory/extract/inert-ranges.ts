/**
 * What of an inert top-level body the mask (./mask.ts) cuts: an interface whole, a function's
 * body and inert signature, or the whole function (its export handed back) when it stands on
 * lines of its own.
 */
import { headTokenAt } from "./mask-lexer.js";

/** What a whole cut function exported: `export [default] [async] function [*] name`. */
const FUNCTION_EXPORT = /^export\s+(default\s+)?(?:async\s+)?function\b\s*\*?\s*([A-Za-z_$][\w$]*)?/;

export interface Range {
  readonly start: number;
  readonly end: number;
  /** A whole function cut with its `export`: the export, and where its first token was. */
  readonly exported?: { readonly exported: string; readonly local: string; readonly at: number };
}

/** An interface body yields a fact only through call signatures (a function type) or decorators: any `(` or `@`. */
export function interfaceLive(text: string, open: number, close: number): boolean {
  const interior = text.slice(open + 1, close);
  return interior.includes("(") || interior.includes("@");
}

/**
 * An inert top-level body `{…}` closing at `close`: record what of it (and of its signature)
 * goes. An inert interface goes whole, head and leading comments included: interfaces yield no
 * fact, so the parser need not even see their names. A function with an inert signature
 * (`signatureInert`) loses its parameters and return type too, or goes whole (`whole`).
 */
export function pushInert(
  ranges: Range[],
  text: string,
  bodyKind: number,
  headStart: number,
  paramOpen: number,
  paramClose: number,
  bodyOpen: number,
  close: number,
  whole: boolean,
  signatureInert: boolean,
): void {
  if (bodyKind === 2) {
    ranges.push({ start: headStart, end: close + 1 });
    return;
  }
  if (signatureInert) {
    const all = whole ? wholeFunction(text, headStart, paramOpen, close) : null;
    if (all) {
      ranges.push(all);
      return;
    }
    if (paramClose > paramOpen + 1) ranges.push({ start: paramOpen + 1, end: paramClose });
    const colon = text.slice(paramClose + 1, bodyOpen).indexOf(":");
    if (colon !== -1) ranges.push({ start: paramClose + 1 + colon, end: bodyOpen });
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
