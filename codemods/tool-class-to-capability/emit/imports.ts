/**
 * The import merger (codemods/shared/import-plan.ts) on ts-morph's syntax tree, for the files
 * this codemod writes: `mergeImports` returns a file's text with the needs it lacks imported,
 * in the generated-code style, by text splicing (untouched lines stay byte-identical).
 */
import type TS from "typescript";
import { ts as morphTs, type SourceFile } from "ts-morph";
import type { ImportNeed } from "../../shared/imports.js";
import { ImportPlan } from "../../shared/import-plan.js";
import { ImportStyle } from "../../shared/import-style.js";
import type { TypeScriptApi } from "../../shared/parse.js";
import { applyEdits } from "../../shared/splice.js";

/**
 * The plan walks ts-morph's own compiler nodes, so it gets the TypeScript that parsed them
 * (ts-morph's bundled copy), never a second `typescript`: syntax kinds are only comparable
 * within one copy. Both copies share one API shape, hence the casts.
 */
const TS_OF_MORPH = morphTs as unknown as TypeScriptApi;

/** `sf`'s text with `needs` imported. */
export function mergeImports(sf: SourceFile, needs: readonly ImportNeed[]): string {
  return merged(sf.getFilePath(), sf.compilerNode as unknown as TS.SourceFile, needs);
}

function merged(path: string, sf: TS.SourceFile, needs: readonly ImportNeed[]): string {
  const plan = new ImportPlan(TS_OF_MORPH, sf, ImportStyle.generated());
  for (const need of needs) plan.add(need);
  return applyEdits(path, sf.text, plan.edits());
}

/** A syntax tree of `text` alone (no project, no wrappers): dropped as soon as its edits are made. */
function parseHead(path: string, text: string): TS.SourceFile {
  return morphTs.createSourceFile(path, text, morphTs.ScriptTarget.Latest, true) as unknown as TS.SourceFile;
}

/**
 * `text` with `needs` imported, when every import of `text` lies before `headEnd` (a statement
 * start): only that head is parsed, and the rest (a generated file's moved code and entries,
 * as big as the classes they came from) is appended untouched. The edits are the same as over
 * the whole text: an import plan reads only the imports (`add` never walks the file) and puts
 * new lines after the last one. A head without imports is merged over the whole text.
 */
export function mergeImportsInHead(path: string, text: string, headEnd: number, needs: readonly ImportNeed[]): string {
  const head = parseHead(path, text.slice(0, headEnd));
  if (!head.statements.some((s) => TS_OF_MORPH.isImportDeclaration(s)))
    return merged(path, parseHead(path, text), needs);
  return merged(path, head, needs) + text.slice(headEnd);
}
