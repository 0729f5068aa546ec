/**
 * The one-pass byte gate of the scan: a single global regex over a file's bytes (read as latin1,
 * one character per byte, so nothing is decoded as UTF-8) answers every question the two
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
  /** Belt names the regex cannot find reliably (they overlap a keyword it consumes): check them with indexOf. */
  readonly uncheckedBelt: readonly string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const KEYWORDS = ["extends", "export", "new", "class"];
const IDENT_NAME = /^[A-Za-z_$][\w$]*$/;

/** A name that could start inside a consumed keyword (a keyword's proper suffix is its prefix). */
function overlapsKeyword(name: string): boolean {
  return KEYWORDS.some((kw) => {
    for (let k = 1; k < kw.length; k++) if (name.startsWith(kw.slice(k)) || kw.slice(k).startsWith(name)) return true;
    return false;
  });
}

export function makeGate(baseNames: readonly string[], beltNames: readonly string[]): Gate {
  const belt = [...new Set(beltNames)].filter((n) => IDENT_NAME.test(n));
  const safeBelt = belt.filter((n) => !overlapsKeyword(n));
  const sp = "[ \\t\\n\\r]";
  const builtins = [...BUILTIN_CONSTRUCTORS].map(escape).join("|");
  const branches = [
    safeBelt.length ? `(${safeBelt.map(escape).join("|")})` : "(?!)",
    "(extends)",
    "(\\bexport(?=\\s*(?:\\*|\\{|type\\s*\\{)))",
    // `new` + whitespace + a path; the capture is inside a lookahead, so only "new" is consumed
    `(?<![\\w$])new(?=${sp}${sp}*(?!(?:${builtins})(?![\\w$]|${sp}*\\.))(?:[\\w$]+${sp}*\\.${sp}*)*([\\w$]+)(?![\\w$]|${sp}*\\.))`,
    baseNames.length ? `(\\bclass(?=\\s+(?:${baseNames.map(escape).join("|")})\\b))` : "(?!)",
  ];
  const re = new RegExp(branches.join("|"), "g");
  const gate = (text: string): FileGate => {
    let hinted = false;
    let declaresBase = false;
    let mentionsBelt = false;
    const newTargets: string[] = [];
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[1] !== undefined) mentionsBelt = true;
      else if (m[2] !== undefined || m[3] !== undefined) hinted = true;
      else if (m[4] !== undefined) newTargets.push(m[4]);
      else if (m[5] !== undefined) declaresBase = true;
    }
    return { hinted, declaresBase, newTargets, mentionsBelt };
  };
  return Object.assign(gate, { builtinsSkipped: true as const, uncheckedBelt: belt.filter(overlapsKeyword) });
}
