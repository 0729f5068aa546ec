/**
 * The TypeScript compiler API, loaded on first use through `require` (an ESM `import` of this
 * large CommonJS file makes Node scan it for named exports, and loading it at all is costly
 * without a code cache, so a command that parses nothing never pays), plus one syntax-only parse that reports the
 * parser's own diagnostics as line/column problems. Shared by the inventory extractor, the
 * codemods and the lint engine; none of them runs the type checker through this.
 */
import { createRequire } from "node:module";
import type TS from "typescript";
import { requireWithCodeCache } from "./code-cache.js";

export type TypeScriptApi = typeof TS;

let loaded: TypeScriptApi | undefined;

/** Loaded with a V8 code cache (lib/code-cache.ts), so a process does not compile it anew. */
export function getTypeScript(): TypeScriptApi {
  loaded ??= requireWithCodeCache<TypeScriptApi>("typescript").exports;
  return loaded;
}

/** Resolved once a process: both cache keys (the facts cache's and the local caches') ask. */
let manifest: string | null | undefined;

/**
 * The path of the TypeScript install's package.json, for cache keys: facts parsed by another
 * TypeScript version are not reused (its parser may read the same text differently). Resolved
 * without loading the compiler; null when it cannot be found.
 */
export function typescriptManifest(): string | null {
  if (manifest !== undefined) return manifest;
  try {
    manifest = createRequire(import.meta.url).resolve("typescript/package.json");
  } catch {
    manifest = null;
  }
  return manifest;
}

/** A syntax error of one file: 1-based line and column, the parser's message. */
export interface SyntaxProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface ParsedSource {
  readonly ts: TypeScriptApi;
  readonly sourceFile: TS.SourceFile;
  readonly errors: SyntaxProblem[];
}

export interface ParseOptions {
  /** Set parent pointers (walkers that go up from a node need them; cheaper without). */
  readonly setParents?: boolean;
  /** Skip JSDoc parsing (a large share of parse time; only doc-reading code needs it). */
  readonly skipJsDoc?: boolean;
}

/** The parse diagnostics TypeScript keeps on every SourceFile (not part of its public typings). */
interface WithParseDiagnostics {
  readonly parseDiagnostics?: readonly TS.DiagnosticWithLocation[];
}

function scriptKindFor(ts: TypeScriptApi, path: string): TS.ScriptKind {
  if (path.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (path.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Parse one file without a type checker; syntax errors come back as data, never thrown. */
export function parseTypeScript(path: string, text: string, options: ParseOptions = {}): ParsedSource {
  const ts = getTypeScript();
  const sourceFile = ts.createSourceFile(
    path,
    text,
    {
      languageVersion: ts.ScriptTarget.Latest,
      ...(options.skipJsDoc ? { jsDocParsingMode: ts.JSDocParsingMode.ParseNone } : {}),
    },
    options.setParents ?? false,
    scriptKindFor(ts, path),
  );
  const diagnostics = (sourceFile as unknown as WithParseDiagnostics).parseDiagnostics ?? [];
  const errors = diagnostics.map((d) => {
    const pos = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
    return {
      line: pos.line + 1,
      column: pos.character + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, " "),
    };
  });
  return { ts, sourceFile, errors };
}
