/**
 * memberRuns(text, size): where to cut one huge top-level class of a statement chunk (chunks.ts
 * cannot cut inside a statement) into runs of whole members of about `size` characters, so the
 * parser's tree of one run at a time is alive, not the whole class's. The byte lexer of the mask
 * (mask-lexer.ts: strings, templates, regex literals, comments skipped by index) tracks brackets;
 * a cut goes at the start of a line directly inside the class body, after a line whose last
 * significant character is `;` or `}`, before a line that opens with a member's first token (a
 * name, `@`, `#`, `*` or a quote; never `[`, `(` or an operator, which could continue the member
 * before). The caller parses each run inside a stand-in class head and falls back to the whole
 * statement when any run has a syntax error, as for statement chunks.
 */
import {
  commentAt,
  headOf,
  KIND,
  resumeTemplate,
  skipCommentRegexOrString,
  SPACE,
  SPECIAL,
  WORD,
} from "./mask-lexer.js";

export interface MemberRuns {
  /** The class's name (a run after the first is parsed inside `class <name> {`). */
  readonly name: string;
  /** Offsets in the chunk's text where a run starts (line starts inside the class body), ascending. */
  readonly cuts: readonly number[];
}

/** Decorators, then the modifiers and `class Name` of a class declaration's head. */
const CLASS_HEAD =
  /^(?:@[\w$.]+\s*(?:\([^]*?\))?\s*)*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)(?![\w$])/;
/** Words that could continue the member before rather than start one. */
const CONTINUING = /^(?:in|instanceof|as|satisfies)(?![\w$])/;

const enum Open {
  Brace,
  Paren,
  Bracket,
  TemplateExpr,
}

/** Could the line starting at `p` open a member? */
function memberStartsAt(text: string, p: number): boolean {
  let i = p;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const c = text.charCodeAt(i);
  if (c === 64 || c === 35 || c === 42 || c === 39 || c === 34) return true;
  return KIND[c] === WORD && !CONTINUING.test(text.slice(i, i + 11));
}

/** After the line break at `i`: does the line before end in `;` or `}`, and the next open a member? */
function boundaryAt(text: string, i: number, lastSigAt: number): boolean {
  const last = text.charCodeAt(lastSigAt);
  return (last === 59 || last === 125) && memberStartsAt(text, i + 1);
}

/** Is the rest of the line after `i` blank or `;`? (A run ends at a line start after the class.) */
function restOfLineBlank(text: string, i: number): boolean {
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13 && c !== 59) return false;
  }
  return true;
}

/** The runs of the first top-level class of `text` whose body is longer than `size`, or null (none, or the lexer is unsure). */
export function memberRuns(text: string, size: number): MemberRuns | null {
  const stack: Open[] = [];
  let headStart = 0;
  let lastSigAt = -1;
  let name: string | null = null; // the class whose body is open at depth 1
  let cuts: number[] = [];
  let runStart = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = KIND[c];
    if (kind === SPACE) {
      if (c === 10 && name !== null && stack.length === 1 && i + 1 - runStart >= size && boundaryAt(text, i, lastSigAt))
        cuts.push((runStart = i + 1));
      continue;
    }
    if (kind === WORD) {
      while (i + 1 < n && KIND[text.charCodeAt(i + 1)] === WORD) i++;
      lastSigAt = i;
      continue;
    }
    if (kind !== SPECIAL) {
      lastSigAt = i;
      continue;
    }
    if (c === 47 || c === 39 || c === 34) {
      const at = skipCommentRegexOrString(text, i, c, lastSigAt);
      if (at === -1) return null;
      if (c === 47 && commentAt(text, i)) {
        // Not significant; a line comment stops before its line break, so the next line's start is looked at.
        i = text.charCodeAt(i + 1) === 47 && at < n ? at - 1 : at;
        continue;
      }
      i = at;
    } else if (c === 96) {
      i = resumeTemplate(text, i + 1, stack, Open.TemplateExpr);
      if (i === -1) return null;
    } else if (c === 123) {
      if (stack.length === 0) {
        const m = CLASS_HEAD.exec(headOf(text, headStart, i));
        name = m?.[1] ?? null;
        cuts = [];
        runStart = i + 1;
      }
      stack.push(Open.Brace);
    } else if (c === 40) stack.push(Open.Paren);
    else if (c === 91) stack.push(Open.Bracket);
    else if (c === 125) {
      const top = stack.pop();
      if (top === Open.TemplateExpr) {
        i = resumeTemplate(text, i + 1, stack, Open.TemplateExpr);
        if (i === -1) return null;
      } else if (top !== Open.Brace) return null;
      else if (stack.length === 0) {
        if (name !== null && cuts.length > 0) return restOfLineBlank(text, i + 1) ? { name, cuts } : null;
        name = null;
        headStart = i + 1;
      }
    } else if (c === 41) {
      if (stack.pop() !== Open.Paren) return null;
    } else if (c === 93) {
      if (stack.pop() !== Open.Bracket) return null;
    } else if (c === 59 && stack.length === 0) headStart = i + 1;
    lastSigAt = i;
  }
  return null;
}
