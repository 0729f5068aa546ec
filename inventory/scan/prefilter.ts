/**
 * The cheap text pre-filter: decides, from raw text, which files are worth parsing. Most files
 * of a monorepo never mention the base class, so the scan parses only
 *  - phase 1: files with a `class … extends X` whose heritage names the base or (transitively,
 *    by name, through `a as b` aliases) a subclass of it, files with `export *` or export lists
 *    naming such a class (barrels), and files declaring the base;
 *  - phase 2: files that construct one of the classes found (`new X`), or mention a belt
 *    builder or class factory.
 * Over-approximates on purpose (comments and strings can match); the parser decides. The
 * `buffer*` gates work on raw bytes so most files are never decoded (ASCII identifiers only).
 *
 * Split by responsibility: text-scan.ts (character-level readers), text-hints.ts (TextHints of one
 * file's text), candidates.ts (names and phase 1 over many files' hints); this file keeps the
 * byte-level gates and re-exports the rest, so importers have one entry.
 */

import { EMPTY_HINTS, textHints, type TextHints } from "./text-hints.js";

export { defaultImportLocals, EMPTY_HINTS, textHints, type TextHints } from "./text-hints.js";
export {
  candidateNames,
  defaultExportsAny,
  mentionNames,
  wantedInPhase1,
  type CandidateOptions,
} from "./candidates.js";

// ── Byte-level gates: most files are rejected without decoding them to a string. ──

const isSpace = (c: number | undefined) => c === 32 || c === 9 || c === 10 || c === 13;
const isIdentByte = (c: number | undefined) =>
  c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36);

/** Is some `export` followed by `*`, `{` or `type {`? */
function hasReexportShape(buf: Buffer): boolean {
  for (let i = buf.indexOf("export"); i !== -1; i = buf.indexOf("export", i + 6)) {
    let j = i + 6;
    while (isSpace(buf[j])) j++;
    if (buf[j] === 42 || buf[j] === 123) return true;
    if (buf.toString("latin1", j, j + 4) === "type") {
      j += 4;
      while (isSpace(buf[j])) j++;
      if (buf[j] === 123) return true;
    }
  }
  return false;
}

/** textHints for raw bytes: files with no `extends` and no re-export shape never get decoded. */
export function bufferHints(buf: Buffer, decode: () => string): TextHints {
  if (buf.indexOf("extends") === -1 && !hasReexportShape(buf)) return EMPTY_HINTS;
  return textHints(decode());
}

/** Phase 2 on bytes: `new [a.]X` with X a known class name, or a mention of one of `names`. */
export function bufferWantedInPhase2(
  buf: Buffer,
  classNames: ReadonlySet<string>,
  mention: readonly string[],
): boolean {
  for (let i = buf.indexOf("new"); i !== -1; i = buf.indexOf("new", i + 3)) {
    if (isIdentByte(buf[i - 1]) || !isSpace(buf[i + 3])) continue;
    let j = i + 3;
    for (;;) {
      while (isSpace(buf[j])) j++;
      const start = j;
      while (isIdentByte(buf[j])) j++;
      if (j === start) break;
      let k = j;
      while (isSpace(buf[k])) k++;
      if (buf[k] === 46) {
        j = k + 1;
        continue;
      }
      if (classNames.has(buf.toString("latin1", start, j))) return true;
      break;
    }
  }
  return mention.some((name) => buf.indexOf(name) !== -1);
}
