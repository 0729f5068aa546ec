/**
 * TypeScript's own parser, loaded lazily (requiring `typescript` costs ~0.4 s, so a scan that
 * parses nothing never pays it). Parses one file without a type checker and returns the
 * syntax tree plus the parser's own diagnostics as line/column problems. Parent pointers are
 * not set (cheaper); walkers hand the parent along themselves.
 */
import { createRequire } from "node:module";
import type TS from "typescript";
import type { ParseErrorFact } from "./facts.js";

export type TypeScriptApi = typeof TS;

const require = createRequire(import.meta.url);
let loaded: TypeScriptApi | undefined;

export function getTypeScript(): TypeScriptApi {
  loaded ??= require("typescript") as TypeScriptApi;
  return loaded;
}

/** The parse diagnostics TypeScript keeps on every SourceFile (not part of its public typings). */
interface WithParseDiagnostics {
  readonly parseDiagnostics?: readonly TS.DiagnosticWithLocation[];
}

export interface ParsedFile {
  readonly ts: TypeScriptApi;
  readonly sourceFile: TS.SourceFile;
  readonly errors: ParseErrorFact[];
}

function scriptKindFor(ts: TypeScriptApi, path: string): TS.ScriptKind {
  if (path.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (path.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parseFile(relPath: string, text: string): ParsedFile {
  const ts = getTypeScript();
  const sourceFile = ts.createSourceFile(
    relPath,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    scriptKindFor(ts, relPath),
  );
  const diagnostics = (sourceFile as unknown as WithParseDiagnostics).parseDiagnostics ?? [];
  const errors = diagnostics.map((d) => {
    const pos = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
    return { line: pos.line + 1, column: pos.character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, " ") };
  });
  return { ts, sourceFile, errors };
}
