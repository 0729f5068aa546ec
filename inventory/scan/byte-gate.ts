/**
 * The byte gate of the scan: a few native `Buffer.indexOf` sweeps over a file's raw bytes (no
 * string conversion; each sweep searches for a rare byte of its needle so it runs at memchr
 * speed, then checks the neighbouring bytes in JS) answer every question the two pre-filter
 * phases ask of a file that is not parsed:
 *   hinted        `extends`, an `export *` / `export {` / `export type {` shape, or a base name passed
 *                 as an argument (`const Retrying = WithRetry(Tool)`): textHints may find something
 *   declaresBase  `class <base name>` (the file may declare the base)
 *   newTargets    last identifiers of `new a.b.X` (JavaScript built-ins left out: see `builtinsSkipped`)
 *   mentionsBelt  a belt-builder name occurs (substring, as the phase-2 mention check)
 * Bytes are read as latin1 (one character per byte), so the answers are those of the same checks
 * on `buf.toString("latin1")`, and the same as bufferHints / bufferWantedInPhase2 / the
 * declares-base test in prefilter.ts (gate.test.ts compares them).
 */
import { BUILTIN_CONSTRUCTORS } from "../extract/builtins.js";
import { structureOf, type FileStructure } from "./structure.js";
import { isIdent, latin1 } from "./byte-classes.js";
import { commonPart } from "./name-search.js";
import { RareNeedle } from "./rare-search.js";

/** `FileStructure` (structure.ts): the token facts the pre-filter's fixpoint runs on. */
export interface FileGate extends FileStructure {
  readonly hinted: boolean;
  /** A base name passed as an argument (`WithRetry(Tool)`): the file may bind a mixin's class to a variable. */
  readonly baseArgument: boolean;
  readonly declaresBase: boolean;
  readonly newTargets: readonly string[];
  readonly mentionsBelt: boolean;
}

export interface Gate {
  (bytes: Buffer): FileGate;
  /** `new Map`-style targets are not reported; true always (callers check `classNames` against BUILTIN_CONSTRUCTORS). */
  readonly builtinsSkipped: true;
  /** Belt names the gate does not answer for (none today; kept for callers). */
  readonly uncheckedBelt: readonly string[];
}

const IDENT_NAME = /^[A-Za-z_$][\w$]*$/;

// Byte classes; `undefined` (past either end of the buffer) is in none of them.
/** A regex `\\w` character (for `\\b`): no `$`. */
const isWord = (c: number | undefined) => c !== 36 && isIdent(c);
const isSpace = (c: number | undefined) => c === 32 || c === 9 || c === 10 || c === 13;
const isRegexSpace = (c: number | undefined) => isSpace(c) || c === 11 || c === 12 || c === 0xa0 || c === 0x85;
/** JavaScript `\\s` within latin1. */
const isJsSpace = (c: number | undefined) => c === 32 || (c !== undefined && c >= 9 && c <= 13) || c === 0xa0;

const X = 0x78; // the rare `x` of both `extends` and `export`
const W = 0x77; // the `w` of `new`

/** Built-in constructor names by length, as bytes: `new Map` (most `new`s) is ruled out without making a string. */
const BUILTINS_BY_LENGTH = new Map<number, Buffer[]>();
for (const name of BUILTIN_CONSTRUCTORS) {
  const list = BUILTINS_BY_LENGTH.get(name.length) ?? [];
  list.push(Buffer.from(name, "latin1"));
  BUILTINS_BY_LENGTH.set(name.length, list);
}
function isBuiltinAt(b: Buffer, start: number, end: number): boolean {
  const list = BUILTINS_BY_LENGTH.get(end - start);
  if (list === undefined) return false;
  outer: for (const name of list) {
    for (let k = 0; k < name.length; k++) if (b[start + k] !== name[k]) continue outer;
    return true;
  }
  return false;
}

const at = (b: Buffer, i: number, word: string) => {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false;
  return true;
};

/** After an `export` ending at `j`: whitespace, then `*`, `{` or `type {` (prefilter's STAR_EXPORT / EXPORT_LIST shapes). */
function exportShapeAt(b: Buffer, j: number): boolean {
  while (isRegexSpace(b[j])) j++;
  const c = b[j];
  if (c === 42 || c === 123) return true;
  if (!at(b, j, "type")) return false;
  j += 4;
  while (isRegexSpace(b[j])) j++;
  return b[j] === 123;
}

/** `extends` anywhere, or an `export` (not preceded by a word byte) with a re-export shape: one sweep over the `x` bytes. */
function isHinted(b: Buffer): boolean {
  for (let p = b.indexOf(X); p !== -1; p = b.indexOf(X, p + 1)) {
    if (b[p - 1] !== 101) continue; // `e`
    if (at(b, p + 1, "tends")) return true;
    if (at(b, p + 1, "port") && !isWord(b[p - 2]) && exportShapeAt(b, p + 5)) return true;
  }
  return false;
}

/** Last identifiers of `new a . b . X` (whitespace after `new` required), built-ins left out: one sweep over the `w` bytes. */
function newTargetsOf(b: Buffer): string[] {
  const out: string[] = [];
  for (let p = b.indexOf(W); p !== -1; p = b.indexOf(W, p + 1)) {
    const i = p - 2;
    if (i < 0 || b[i] !== 110 || b[i + 1] !== 101 || isIdent(b[i - 1]) || !isSpace(b[p + 1])) continue;
    let j = p + 1;
    let first = true;
    for (;;) {
      while (isSpace(b[j])) j++;
      const start = j;
      while (isIdent(b[j])) j++;
      if (j === start) break;
      let k = j;
      while (isSpace(b[k])) k++;
      if (b[k] === 46) {
        j = k + 1;
        first = false;
        continue;
      }
      if (!(first && isBuiltinAt(b, start, j))) out.push(latin1(b, start, j));
      break;
    }
  }
  return out;
}

/**
 * Is the base name at `start` (ending at `end`) the end of an identifier passed as an argument:
 * `(Tool`, `(opts, Tool`, `(core.Tool`, or a subclass named after the base, `(HttpTool` (the
 * convention the NodeTool preset relies on too)? A name after a `,` counts only inside a call's
 * parentheses, not in an import list or an array.
 */
function argumentAt(b: Buffer, start: number, end: number): boolean {
  if (isIdent(b[end]) || !argumentEndsAt(b, end)) return false;
  let j = start - 1;
  while (isIdent(b[j])) j--;
  if (b[j + 1] !== undefined && (b[j + 1] as number) >= 48 && (b[j + 1] as number) <= 57) return false;
  for (;;) {
    while (isJsSpace(b[j])) j--;
    if (b[j] !== 46) break;
    // `core . Tool`: step back over the qualifier.
    j--;
    while (isJsSpace(b[j])) j--;
    const e = j;
    while (isIdent(b[j])) j--;
    if (j === e) return false;
  }
  return b[j] === 40 || (b[j] === 44 && insideCall(b, j));
}

/**
 * Does the argument end right after the name (`)`, `,`, `as`, `!`, or type arguments)? `f(a, Tool.id)`
 * passes a property of the name, not a class: real code is full of those (`new Tool(this)` too).
 */
function argumentEndsAt(b: Buffer, end: number): boolean {
  let j = end;
  while (isJsSpace(b[j])) j++;
  const c = b[j];
  return c === 41 || c === 44 || c === 60 || c === 33 || (at(b, j, "as") && !isIdent(b[j + 2]));
}

/** How far back from a `,` the enclosing bracket is looked for (a mixin's options object fits). */
const CALL_LOOKBACK = 400;

/**
 * Does the `,` at `comma` separate a call's arguments (`Mix(opts, Tool)`, `Mix({ n: 1 }, Tool)`),
 * not the names of an import or export list (`import { A, Tool }`) or an array's items? Read
 * backwards, skipping balanced brackets, to the bracket that encloses it.
 */
function insideCall(b: Buffer, comma: number): boolean {
  let depth = 0;
  for (let k = comma - 1; k >= 0 && k >= comma - CALL_LOOKBACK; k--) {
    const c = b[k];
    if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 40 || c === 91 || c === 123) {
      if (depth === 0) return c === 40;
      depth--;
    }
  }
  return false;
}

/** `class\s+` ending right before `start` (with `\bclass`): the declares-base test, read backwards from the name. */
function classKeywordBefore(b: Buffer, start: number): boolean {
  let j = start - 1;
  if (!isJsSpace(b[j])) return false;
  while (isJsSpace(b[j])) j--;
  return at(b, j - 4, "class") && !isWord(b[j - 5]);
}

/** The whole identifier passed as an argument whose end is the base name at [start, end) (`HttpTool` of `(HttpTool`). */
function argumentName(b: Buffer, start: number, end: number): string {
  let s = start;
  while (isIdent(b[s - 1])) s--;
  return latin1(b, s, end);
}

/**
 * The argument identifiers join the token facts: a file binding a mixin over `HttpTool` is
 * looked at (its hints' mixin bindings read) once `HttpTool` is known to be a subclass.
 */
function withArguments(g: FileGate, args: readonly string[]): FileGate {
  return args.length === 0 ? g : { ...g, idents: [...new Set([...g.idents, ...args])] };
}

export function makeGate(baseNames: readonly string[], beltNames: readonly string[]): Gate {
  const beltList = [...new Set(beltNames)].filter((n) => IDENT_NAME.test(n));
  const baseList = [...new Set(baseNames)].filter((n) => n.length > 0);
  return Object.assign(nameSweeps(baseList, beltList), {
    builtinsSkipped: true as const,
    uncheckedBelt: [] as string[],
  });
}

/**
 * declaresBase and the base arguments from a native `indexOf` sweep per base name (each hit is
 * checked in place), mentionsBelt from one per belt name after a sweep for the part they share.
 * A JS loop over every occurrence of a byte the names share visits far more places, and most of a
 * scan runs before the JIT has optimized such loops.
 */
function nameSweeps(baseNames: readonly string[], beltNames: readonly string[]): (b: Buffer) => FileGate {
  const bases = baseNames.map((n) => new RareNeedle(n));
  const belt = beltNames.map((n) => new RareNeedle(n));
  const common = belt.length > 1 ? commonPart(beltNames) : null;
  const beltCommon = common === null ? null : new RareNeedle(common);
  return (b) => {
    let declaresBase = false;
    const args: string[] = [];
    for (const name of bases) {
      for (let p = name.indexIn(b); p !== -1; p = name.indexIn(b, p + 1)) {
        const end = p + name.bytes.length;
        if (!declaresBase && !isWord(b[end]) && classKeywordBefore(b, p)) declaresBase = true;
        if (argumentAt(b, p, end)) args.push(argumentName(b, p, end));
      }
    }
    return withArguments(
      {
        hinted: args.length > 0 || isHinted(b),
        baseArgument: args.length > 0,
        declaresBase,
        newTargets: newTargetsOf(b),
        mentionsBelt:
          (beltCommon === null || beltCommon.indexIn(b) !== -1) && belt.some((name) => name.indexIn(b) !== -1),
        ...structureOf(b),
      },
      args,
    );
  };
}
