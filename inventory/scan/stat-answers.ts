/**
 * What the stat cache keeps of a file besides its stat (stat-cache.ts): the searched names it
 * holds, its byte gate's answers and its text hints, as compact entries (the `rich` block of
 * stat-file.ts), and how an entry is turned back into the answers a scan asks for.
 */
import type { FileGate } from "./byte-gate.js";
import { EMPTY_HINTS } from "./empty-hints.js";
import type { TextHints } from "./prefilter.js";

/** A gated file's answers: [gate flags, newTargets, structure idents, imported]. */
export type GateEntry = [number, string[], string[], string[]];
/** A file holding a searched name: [the names it holds, gate (0: not gated), hints? (0: none found)]. */
export type RichEntry = [string[], GateEntry | 0, (TextHints | 0)?];

/** Hints with nothing in them (most hinted files: `extends` only in a generic constraint) are stored as 0. */
export const isEmpty = (h: TextHints) =>
  !h.starExport &&
  h.defaultExports.length === 0 &&
  h.heritages.length === 0 &&
  h.aliases.length === 0 &&
  h.defaultImports.length === 0 &&
  h.exportListNames.length === 0 &&
  h.mixinVars.length === 0;

const flagsOf = (g: FileGate) =>
  (g.hinted ? 1 : 0) |
  (g.baseArgument ? 2 : 0) |
  (g.declaresBase ? 4 : 0) |
  (g.mentionsBelt ? 8 : 0) |
  (g.extendsLocalVariable ? 16 : 0) |
  (g.extendsDefaultImport ? 32 : 0);
const gateOf = (e: GateEntry): FileGate => ({
  hinted: (e[0] & 1) !== 0,
  baseArgument: (e[0] & 2) !== 0,
  declaresBase: (e[0] & 4) !== 0,
  mentionsBelt: (e[0] & 8) !== 0,
  extendsLocalVariable: (e[0] & 16) !== 0,
  extendsDefaultImport: (e[0] & 32) !== 0,
  newTargets: e[1],
  idents: e[2],
  imported: e[3],
});

const NO_HITS: ReadonlySet<string> = new Set();
/** A file holding none of the searched names, not gated: most files of a tree. */
const PLAIN: CachedFile = { hits: NO_HITS };

/** What the cache knows of an unchanged file. */
export interface CachedFile {
  /** Which of the cache's searched names the file holds. */
  readonly hits: ReadonlySet<string>;
  readonly gate?: FileGate;
  readonly hints?: TextHints;
}

export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export function answerOf(e: RichEntry | undefined): CachedFile {
  if (e === undefined) return PLAIN;
  const hints = e[2];
  return {
    hits: e[0].length === 0 ? NO_HITS : new Set(e[0]),
    ...(e[1] === 0 ? {} : { gate: gateOf(e[1]) }),
    ...(hints === undefined ? {} : { hints: hints === 0 ? EMPTY_HINTS : hints }),
  };
}

/** A file's rich entry: undefined when it holds no name, is not gated and has no hints. */
export function richEntry(found: readonly string[], gate: FileGate | undefined, h: TextHints | 0 | undefined) {
  const g: GateEntry | 0 = gate ? [flagsOf(gate), [...gate.newTargets], [...gate.idents], [...gate.imported]] : 0;
  if (found.length === 0 && g === 0 && h === undefined) return undefined;
  const entry: RichEntry = h === undefined ? [[...found], g] : [[...found], g, h];
  return entry;
}

/** Does a file's new rich entry keep what its stored one said (names, gated or not, hints or not)? */
export function sameRich(old: RichEntry | undefined, rich: RichEntry | undefined): boolean {
  if (old === undefined || rich === undefined) return old === rich;
  return sameList(old[0], rich[0]) && (old[1] === 0) === (rich[1] === 0) && old.length === rich.length;
}
