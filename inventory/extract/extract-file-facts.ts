/**
 * extractFileFacts(relPath, text): the pure per-file step of the inventory. Parses the file
 * with TypeScript's parser (no type checker) and records classes with their extends clause,
 * imports/exports, `new X(…)` construction sites with their enclosing scopes, named functions
 * and their calls, and permission-category maps (the walk: walk-facts.ts). Depends only on the
 * text, so results can be cached per content hash (the history backfill caches per git blob).
 * A big file is parsed one run of statements at a time (chunks.ts), and a huge class one run of
 * its members at a time (member-runs.ts), so memory stays bounded by the biggest member rather
 * than the file.
 */
import { FACTS_VERSION, type ClassFact, type FileFacts, type LocalExportFact } from "./facts.js";
import { parseFile, type ParsedFile } from "./parse.js";
import { maskInertBodies } from "./mask.js";
import { LEAD_CHARS, statementChunks, type TextChunk } from "./chunks.js";
import { closeClassBody, topLevelConstants } from "./class-facts.js";
import { memberRuns, type MemberRuns } from "./member-runs.js";
import { walkFacts, type SplitClass } from "./walk-facts.js";
import { heapLimitBytes } from "../../lib/memory-estimate.js";
import { fitsWhole, tooLarge, WHOLE_PARSE_CHARS, type Limits } from "./parse-limits.js";

/** Files at least this big are parsed with their inert top-level bodies cut out (see mask.ts). */
const MASK_MIN_CHARS = 4096;
const MASKABLE = /\.[cm]?ts$/;

/**
 * Parses the masked text when that is possible and error-free, else the full text (same lines
 * either way), with the exports of functions the mask cut whole.
 */
function parseForFacts(
  relPath: string,
  text: string,
  mask: boolean,
): ParsedFile & { readonly cutExports: readonly LocalExportFact[] } {
  if (mask && text.length >= MASK_MIN_CHARS && MASKABLE.test(relPath)) {
    const masked = maskInertBodies(text);
    if (masked !== null) {
      const parsed = parseFile(relPath, masked.text);
      if (parsed.errors.length === 0) return { ...parsed, cutExports: masked.exports };
    }
  }
  return { ...parseFile(relPath, text), cutExports: [] };
}

/** Statement order is line order for the cut exports (each stood on lines of its own); `sort` is stable. */
function withCutExports(fromAst: readonly LocalExportFact[], cut: readonly LocalExportFact[]): LocalExportFact[] {
  return cut.length === 0 ? [...fromAst] : [...fromAst, ...cut].sort((a, b) => a.line - b.line);
}

export interface ExtractOptions {
  /** False parses the full text (the facts are the same; tests compare both). */
  readonly mask?: boolean;
  /** Files (after masking) longer than this are parsed a run of statements at a time (chunks.ts). */
  readonly chunkChars?: number;
  /** A big file with a chunk that stays broken is parsed whole only up to this size (tests inject a small one). */
  readonly wholeParseChars?: number;
  /** The heap a whole-file parse must fit in (default: this process's limit; tests inject a small one). */
  readonly heapLimitBytes?: number;
}

/** Big enough that ordinary files are parsed whole; small enough that one chunk's tree stays small. */
const CHUNK_CHARS = 256 * 1024;

export function extractFileFacts(relPath: string, text: string, options: ExtractOptions = {}): FileFacts {
  const mask = options.mask ?? true;
  const limits: Limits = {
    wholeParseChars: options.wholeParseChars ?? WHOLE_PARSE_CHARS,
    heapLimitBytes: options.heapLimitBytes ?? heapLimitBytes(),
  };
  const chunked = extractChunked(relPath, text, mask, options.chunkChars ?? CHUNK_CHARS, limits);
  if (chunked) return chunked;
  if (!fitsWhole(text, limits)) return tooLarge(relPath, text, limits);
  const parsed = parseForFacts(relPath, text, mask);
  const facts = walkFacts(relPath, { ts: parsed.ts, sf: parsed.sourceFile }, parsed.errors);
  return { ...facts, localExports: withCutExports(facts.localExports, parsed.cutExports) };
}

/**
 * The facts of a big file from its statement chunks, each parsed and walked on its own (its
 * tree dropped before the next is parsed), a chunk holding one huge class in runs of its members
 * (member-runs.ts), or null when the file is not cut (or a class's first run did not meet its
 * head: then the whole file is parsed as before).
 */
function extractChunked(relPath: string, text: string, mask: boolean, size: number, limits: Limits): FileFacts | null {
  if (text.length <= size) return null;
  const masked = mask && MASKABLE.test(relPath) ? maskInertBodies(text) : null;
  const source = masked?.text ?? text;
  const chunks = statementChunks(source, size);
  // A file with no place to cut between statements may still hold one class to cut in runs.
  const wholeRuns = chunks ? null : memberRuns(source, size);
  if (!chunks && !wholeRuns) return null;
  const parts: FileFacts[] = [];
  const constants = new Map<string, string | null>();
  const splits: SplitClass[] = [];
  const walk = (parsed: ParsedFile, run: TextChunk & { readonly leadAt: number }, split?: SplitClass): void => {
    // A piece's syntax errors are reported at their lines in the file, not found again by parsing the whole file.
    const errors = parsed.errors.map((e) => ({ ...e, line: e.line + run.lineBase }));
    const ctx = { ts: parsed.ts, sf: parsed.sourceFile, lineBase: run.lineBase, lead: run.lead, leadAt: run.leadAt };
    topLevelConstants(ctx, constants);
    parts.push(walkFacts(relPath, ctx, errors, split));
  };
  const list = chunks ?? [{ start: 0, text: source, lineBase: 0, lead: "" }];
  for (let i = 0; i < list.length; i++) {
    const chunk = list[i] as TextChunk;
    const runs = wholeRuns ?? (chunk.text.length > size ? memberRuns(chunk.text, size) : null);
    if (!runs) {
      const joined = parseNeighbourhood(relPath, list, i, size);
      // Still broken when joined: a small file is parsed whole as before (same facts, errors and all).
      if (joined.parsed.errors.length > 0 && text.length <= limits.wholeParseChars) return null;
      walk(joined.parsed, { ...joined.chunk, leadAt: 0 });
      i = joined.last;
      continue;
    }
    // Member runs are cut by the mask's lexer (strings, comments, templates, regexes skipped): a run's error is the class's.
    const split: SplitClass = { first: true };
    for (const run of classRuns(chunk, runs)) {
      const parsed = parseFile(relPath, run.text);
      // A run with an error may be a wrong cut: the whole file is parsed instead, where it fits the heap.
      if (parsed.errors.length > 0 && fitsWhole(text, limits)) return null;
      walk(parsed, run, split);
      // The first run must have met the class (its head as the last statement), or the cut is not trusted.
      if (split.first && !split.state) return fitsWhole(text, limits) ? null : tooLarge(relPath, text, limits);
      split.first = false;
    }
    splits.push(split);
  }
  const all = <T>(pick: (f: FileFacts) => readonly T[] | undefined): T[] => parts.flatMap((f) => pick(f) ?? []);
  const mixinBindings = all((f) => f.mixinBindings);
  const classTables = all((f) => f.classTables);
  return {
    version: FACTS_VERSION,
    file: relPath,
    parseErrors: all((f) => f.parseErrors),
    imports: all((f) => f.imports),
    localExports: withCutExports(
      all((f) => f.localExports),
      masked?.exports ?? [],
    ),
    reexports: all((f) => f.reexports),
    classes: closeSplitClasses(
      all((f) => f.classes),
      splits,
    ).map((c) => withFileConstant(c, constants)),
    functions: all((f) => f.functions),
    constructions: all((f) => f.constructions),
    categoryMaps: all((f) => f.categoryMaps),
    functionTypes: all((f) => f.functionTypes),
    ...(mixinBindings.length > 0 ? { mixinBindings } : {}),
    ...(classTables.length > 0 ? { classTables } : {}),
  };
}

/** How many following chunks a chunk with a syntax error is joined with, at most, to see whether a cut caused it. */
const NEIGHBOURS = 3;

/**
 * Chunk `i` parsed, and if it has a syntax error, parsed again joined with the chunks after it
 * (up to NEIGHBOURS of them, none holding a class to cut in runs) until the error goes: a
 * statement cut can fall inside a template, comment or unindented block (chunks.ts), which
 * leaves the chunk before it unterminated. An error that stays is the file's, reported at its
 * line by the joined parse; the rest of the file is still parsed a chunk at a time. `last`: the
 * last chunk used.
 */
function parseNeighbourhood(
  relPath: string,
  chunks: readonly TextChunk[],
  i: number,
  size: number,
): { parsed: ParsedFile; chunk: TextChunk; last: number } {
  let chunk = chunks[i] as TextChunk;
  let parsed = parseFile(relPath, chunk.text);
  let last = i;
  for (
    let next = chunks[last + 1];
    parsed.errors.length > 0 && next && last - i < NEIGHBOURS;
    next = chunks[last + 1]
  ) {
    if (next.text.length > size) break;
    chunk = { ...chunk, text: chunk.text + next.text };
    parsed = parseFile(relPath, chunk.text);
    last++;
  }
  return { parsed, chunk, last };
}

/** The stand-in head a member run after the first is parsed in (one line: the run starts on the next). */
const standInHead = (name: string) => `class ${name} {\n`;

/**
 * The parses of one chunk whose class is cut at `runs.cuts`: the chunk's text up to the first cut
 * with the class closed, then each run inside a stand-in head, the last with the rest of the
 * chunk (the class's own `}` and what follows it). Lines are placed by `lineBase` (a run starts
 * at a line start, one line below its head), look-behind text by `lead`/`leadAt`.
 */
function* classRuns(chunk: TextChunk, runs: MemberRuns): Generator<TextChunk & { readonly leadAt: number }> {
  const { text } = chunk;
  const cuts = runs.cuts;
  yield { ...chunk, text: `${text.slice(0, cuts[0])}}`, leadAt: 0 };
  const head = standInHead(runs.name);
  let line = chunk.lineBase;
  let counted = 0;
  for (let i = 0; i < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1];
    for (let p = text.indexOf("\n", counted); p !== -1 && p < from; p = text.indexOf("\n", p + 1)) line++;
    counted = from;
    const before = chunk.lead + text.slice(Math.max(0, from - LEAD_CHARS), from);
    yield {
      start: chunk.start + from,
      text: head + (to === undefined ? text.slice(from) : `${text.slice(from, to)}}`),
      lineBase: line - 1,
      lead: before.slice(Math.max(0, before.length - LEAD_CHARS)),
      leadAt: head.length,
    };
  }
}

/** Each split class's fact with its body facts from every run. */
function closeSplitClasses(classes: readonly ClassFact[], splits: readonly SplitClass[]): ClassFact[] {
  const closed = new Map<ClassFact, ClassFact>();
  for (const s of splits) if (s.fact && s.state) closed.set(s.fact, { ...s.fact, ...closeClassBody(s.state) });
  return closed.size === 0 ? [...classes] : classes.map((c) => closed.get(c) ?? c);
}

/**
 * A wire name read from a top-level constant declared in another chunk than its class's: the
 * constant's string, as a parse of the whole file finds it (class-facts.ts fileConstant).
 */
function withFileConstant(c: ClassFact, constants: ReadonlyMap<string, string | null>): ClassFact {
  const w = c.wireName;
  if (!w || w.kind !== "dynamic" || !w.constant || w.constant.includes(".")) return c;
  const value = constants.get(w.constant);
  return typeof value === "string" ? { ...c, wireName: { kind: "literal", value, line: w.line } } : c;
}
