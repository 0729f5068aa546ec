/**
 * When the inventory may parse a file whole: past the heap (estimated from the file's size, as
 * migrate's size guard does), the file is reported as a scan problem naming it and the fix
 * instead of ending the run in an out-of-memory crash; and a big file whose chunk stays broken
 * is parsed whole only up to WHOLE_PARSE_CHARS (extract-file-facts.ts).
 */
import { FACTS_VERSION, type FileFacts } from "./facts.js";
import { megabytes, overMemory } from "../../lib/memory-estimate.js";

/**
 * A big file whose chunk stays broken when joined with its neighbours is not parsed again whole
 * past this size: its error is reported at its line from the neighbourhood's parse.
 */
export const WHOLE_PARSE_CHARS = 2 * 1024 * 1024;

/** Heap a whole-file parse and walk take per character of text, at the peak. */
export const INVENTORY_HEAP_PER_CHAR = 60;
const FIXED_HEAP = 100e6;

export interface Limits {
  readonly wholeParseChars: number;
  readonly heapLimitBytes: number;
}

export function fitsWhole(text: string, limits: Limits): boolean {
  const file = [{ path: "", bytes: text.length }];
  return overMemory([file], INVENTORY_HEAP_PER_CHAR, limits.heapLimitBytes, FIXED_HEAP) === null;
}

/** The facts of a file too large to parse whole, with the problem naming it and the fix. */
export function tooLarge(relPath: string, text: string, limits: Limits): FileFacts {
  const need = megabytes(text.length * INVENTORY_HEAP_PER_CHAR);
  return {
    ...emptyFacts(relPath),
    parseErrors: [
      {
        line: 1,
        column: 1,
        message: `${relPath} (${megabytes(text.length)}) is too large to parse whole in memory (about ${need} of heap, more than the ${megabytes(limits.heapLimitBytes)} this process may use) and could not be cut into pieces that parse: split the file, or raise the heap with NODE_OPTIONS=--max-old-space-size=<MB>`,
      },
    ],
  };
}

function emptyFacts(relPath: string): FileFacts {
  return {
    version: FACTS_VERSION,
    file: relPath,
    parseErrors: [],
    imports: [],
    localExports: [],
    reexports: [],
    classes: [],
    functions: [],
    constructions: [],
    categoryMaps: [],
    functionTypes: [],
  };
}
