/**
 * The inventory's parse: TypeScript's own parser (lib/typescript.ts, loaded lazily so a scan
 * that parses nothing never pays for it), without a type checker, without parent pointers
 * (walkers hand the parent along themselves) and without JSDoc parsing (no fact needs it).
 * Syntax errors come back as line/column facts, never thrown.
 */
import type TS from "typescript";
import { getTypeScript, parseTypeScript, type TypeScriptApi } from "../../lib/typescript.js";
import type { ParseErrorFact } from "./facts.js";

export { getTypeScript, type TypeScriptApi };

export interface ParsedFile {
  readonly ts: TypeScriptApi;
  readonly sourceFile: TS.SourceFile;
  readonly errors: ParseErrorFact[];
}

export function parseFile(relPath: string, text: string): ParsedFile {
  return parseTypeScript(relPath, text, { skipJsDoc: true });
}
