/**
 * extractFileFacts(relPath, text): the pure per-file step of the inventory. Parses the file
 * with TypeScript's parser (no type checker) and records classes with their extends clause,
 * imports/exports, `new X(…)` construction sites with their enclosing scopes, named functions
 * and their calls, and permission-category maps (the walk: walk-facts.ts). Depends only on the
 * text, so results can be cached per content hash (the history backfill caches per git blob).
 * A big file is parsed one run of statements at a time (chunks.ts), so memory stays bounded by
 * the biggest statement rather than the file.
 */
import { FACTS_VERSION, type FileFacts, type LocalExportFact } from "./facts.js";
import { parseFile, type ParsedFile } from "./parse.js";
import { maskInertBodies } from "./mask.js";
import { statementChunks } from "./chunks.js";
import { walkFacts } from "./walk-facts.js";

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
}

/** Big enough that ordinary files are parsed whole; small enough that one chunk's tree stays small. */
const CHUNK_CHARS = 256 * 1024;

export function extractFileFacts(relPath: string, text: string, options: ExtractOptions = {}): FileFacts {
  const mask = options.mask ?? true;
  const chunked = extractChunked(relPath, text, mask, options.chunkChars ?? CHUNK_CHARS);
  if (chunked) return chunked;
  const parsed = parseForFacts(relPath, text, mask);
  const facts = walkFacts(relPath, { ts: parsed.ts, sf: parsed.sourceFile }, parsed.errors);
  return { ...facts, localExports: withCutExports(facts.localExports, parsed.cutExports) };
}

/**
 * The facts of a big file from its statement chunks, each parsed and walked on its own (its
 * tree dropped before the next is parsed), or null when the file is not cut or a chunk has a
 * syntax error (then the whole file is parsed as before, errors and all).
 */
function extractChunked(relPath: string, text: string, mask: boolean, size: number): FileFacts | null {
  if (text.length <= size) return null;
  const masked = mask && MASKABLE.test(relPath) ? maskInertBodies(text) : null;
  const chunks = statementChunks(masked?.text ?? text, size);
  if (!chunks) return null;
  const parts: FileFacts[] = [];
  for (const chunk of chunks) {
    const parsed = parseFile(relPath, chunk.text);
    if (parsed.errors.length > 0) return null;
    parts.push(
      walkFacts(relPath, { ts: parsed.ts, sf: parsed.sourceFile, lineBase: chunk.lineBase, lead: chunk.lead }, []),
    );
  }
  const all = <T>(pick: (f: FileFacts) => readonly T[] | undefined): T[] => parts.flatMap((f) => pick(f) ?? []);
  const mixinBindings = all((f) => f.mixinBindings);
  const classTables = all((f) => f.classTables);
  return {
    version: FACTS_VERSION,
    file: relPath,
    parseErrors: [],
    imports: all((f) => f.imports),
    localExports: withCutExports(
      all((f) => f.localExports),
      masked?.exports ?? [],
    ),
    reexports: all((f) => f.reexports),
    classes: all((f) => f.classes),
    functions: all((f) => f.functions),
    constructions: all((f) => f.constructions),
    categoryMaps: all((f) => f.categoryMaps),
    functionTypes: all((f) => f.functionTypes),
    ...(mixinBindings.length > 0 ? { mixinBindings } : {}),
    ...(classTables.length > 0 ? { classTables } : {}),
  };
}
