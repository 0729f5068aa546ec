/**
 * The hints of a file with nothing in them, apart from text-hints.ts (which re-exports it) so
 * that the stat cache, which answers with it, loads without the text readers.
 */
import type { TextHints } from "./text-hints.js";

/** Hints with nothing in them: a file the byte gate rules out, or one whose `extends` are all generic constraints. */
export const EMPTY_HINTS: TextHints = {
  heritages: [],
  aliases: [],
  defaultImports: [],
  starExport: false,
  exportListNames: [],
  mixinVars: [],
  defaultExports: [],
};
