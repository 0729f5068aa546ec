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
  const plan = new ImportPlan(TS_OF_MORPH, sf.compilerNode as unknown as TS.SourceFile, ImportStyle.generated());
  for (const need of needs) plan.add(need);
  return applyEdits(sf.getFilePath(), sf.getFullText(), plan.edits());
}
