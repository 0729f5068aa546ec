/**
 * TypeScript's parser for the call-site codemods, loaded on first use (loading `typescript`
 * costs ~0.4 s). Parent pointers are set: the rewrites walk up from a reference to decide what
 * it is. Parse errors come back as line/message pairs so a broken file is reported, not guessed.
 */
import { createRequire } from "node:module";
import type TS from "typescript";

export type TypeScriptApi = typeof TS;

const require = createRequire(import.meta.url);
let loaded: TypeScriptApi | undefined;

export function getTypeScript(): TypeScriptApi {
  loaded ??= require("typescript") as TypeScriptApi;
  return loaded;
}

interface WithParseDiagnostics {
  readonly parseDiagnostics?: readonly TS.DiagnosticWithLocation[];
}

export interface ParsedSource {
  readonly ts: TypeScriptApi;
  readonly sourceFile: TS.SourceFile;
  readonly errors: readonly { readonly line: number; readonly message: string }[];
}

export function parseSource(file: string, text: string): ParsedSource {
  const ts = getTypeScript();
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const diagnostics = (sourceFile as unknown as WithParseDiagnostics).parseDiagnostics ?? [];
  const errors = diagnostics.map((d) => ({
    line: sourceFile.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, " "),
  }));
  return { ts, sourceFile, errors };
}
