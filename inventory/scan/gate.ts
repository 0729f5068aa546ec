/**
 * The byte gate of the scan: a few native `indexOf` sweeps over a file's bytes (read as latin1,
 * one character per byte, so nothing is decoded as UTF-8) answer every question the two
 * pre-filter phases ask of a file that is not parsed:
 *   hinted        `extends` or an `export *` / `export {` / `export type {` shape (textHints may find something)
 *   declaresBase  `class <base name>` (the file may declare the base)
 *   newTargets    last identifiers of `new a.b.X` (JavaScript built-ins left out: see `builtinsSkipped`)
 *   mentionsBelt  a belt-builder name occurs (substring, as the phase-2 mention check)
 * Same answers as bufferHints / bufferWantedInPhase2 / the declares-base test in prefilter.ts.
 */
import { BUILTIN_CONSTRUCTORS } from "../extract/builtins.js";

export interface FileGate {
  readonly hinted: boolean;
  readonly declaresBase: boolean;
  readonly newTargets: readonly string[];
  readonly mentionsBelt: boolean;
}

export interface Gate {
  (latin1: string): FileGate;
  /** `new Map`-style targets are not reported; true always (callers check `classNames` against BUILTIN_CONSTRUCTORS). */
  readonly builtinsSkipped: true;
  /** Belt names the gate does not answer for (none today; kept for callers). */
  readonly uncheckedBelt: readonly string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IDENT_NAME = /^[A-Za-z_$][\w$]*$/;

const isIdent = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
/** A regex `\\w` character (for `\\b`): no `$`. */
const isWord = (c: number) => c !== 36 && isIdent(c);
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isRegexSpace = (c: number) => isSpace(c) || c === 11 || c === 12 || c === 0xa0 || c === 0x85 || c === 0xfeff;

/** Some `export` followed (after whitespace) by `*`, `{` or `type {`, as prefilter's STAR_EXPORT / EXPORT_LIST can match. */
function hasExportShape(s: string): boolean {
  for (let i = s.indexOf("export"); i !== -1; i = s.indexOf("export", i + 6)) {
    if (i > 0 && isWord(s.charCodeAt(i - 1))) continue;
    let j = i + 6;
    while (isRegexSpace(s.charCodeAt(j))) j++;
    const c = s.charCodeAt(j);
    if (c === 42 || c === 123) return true;
    if (s.startsWith("type", j)) {
      j += 4;
      while (isRegexSpace(s.charCodeAt(j))) j++;
      if (s.charCodeAt(j) === 123) return true;
    }
  }
  return false;
}

/** Last identifiers of `new a . b . X` (whitespace after `new` required), built-ins left out. */
function newTargetsOf(s: string): string[] {
  const out: string[] = [];
  for (let i = s.indexOf("new"); i !== -1; i = s.indexOf("new", i + 3)) {
    if ((i > 0 && isIdent(s.charCodeAt(i - 1))) || !isSpace(s.charCodeAt(i + 3))) continue;
    let j = i + 3;
    let first = true;
    for (;;) {
      while (isSpace(s.charCodeAt(j))) j++;
      const start = j;
      while (isIdent(s.charCodeAt(j))) j++;
      if (j === start) break;
      let k = j;
      while (isSpace(s.charCodeAt(k))) k++;
      if (s.charCodeAt(k) === 46) {
        j = k + 1;
        first = false;
        continue;
      }
      const name = s.slice(start, j);
      if (!(first && BUILTIN_CONSTRUCTORS.has(name))) out.push(name);
      break;
    }
  }
  return out;
}

/** The longest substring every name contains (one sweep rules most files out before the per-name sweeps). */
function commonSubstring(names: readonly string[]): string {
  const shortest = [...names].sort((a, b) => a.length - b.length)[0] ?? "";
  for (let len = shortest.length; len >= 3; len--) {
    for (let i = 0; i + len <= shortest.length; i++) {
      const sub = shortest.slice(i, i + len);
      if (names.every((n) => n.includes(sub))) return sub;
    }
  }
  return "";
}

export function makeGate(baseNames: readonly string[], beltNames: readonly string[]): Gate {
  const belt = [...new Set(beltNames)].filter((n) => IDENT_NAME.test(n));
  const beltCommon = belt.length > 1 ? commonSubstring(belt) : "";
  const baseRe = baseNames.length ? new RegExp(`class\\s+(?:${baseNames.map(escape).join("|")})\\b`, "y") : null;
  const gate = (s: string): FileGate => {
    let declaresBase = false;
    if (baseRe) {
      for (let i = s.indexOf("class"); i !== -1 && !declaresBase; i = s.indexOf("class", i + 5)) {
        if (i > 0 && isWord(s.charCodeAt(i - 1))) continue;
        baseRe.lastIndex = i;
        declaresBase = baseRe.test(s);
      }
    }
    return {
      hinted: s.includes("extends") || hasExportShape(s),
      declaresBase,
      newTargets: newTargetsOf(s),
      mentionsBelt: (beltCommon === "" || s.includes(beltCommon)) && belt.some((name) => s.includes(name)),
    };
  };
  return Object.assign(gate, { builtinsSkipped: true as const, uncheckedBelt: [] as string[] });
}
