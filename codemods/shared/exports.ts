/**
 * The names a module exports, read from its text: `export const a`, `export const { a, b } = …`,
 * `export function`/`class`, `export { a as b }`, and `export * from` (reported as "*" with the
 * specifier). Used to find the registry's bound adapters and a package index's re-exports.
 */
import type TS from "typescript";
import { parseSource } from "./parse.js";

export interface ModuleExports {
  readonly names: ReadonlySet<string>;
  /** Specifiers of `export * from "…"`. */
  readonly stars: readonly string[];
  /** Specifier each named re-export comes from (`export { a } from "x"` → a → x). */
  readonly reexportFrom: ReadonlyMap<string, string>;
}

export function moduleExports(file: string, text: string): ModuleExports {
  const { ts, sourceFile } = parseSource(file, text);
  const names = new Set<string>();
  const stars: string[] = [];
  const reexportFrom = new Map<string, string>();
  const isExported = (node: TS.Node): boolean =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const bindingNames = (name: TS.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const el of name.elements) if (ts.isBindingElement(el)) bindingNames(el.name);
  };
  for (const stmt of sourceFile.statements) {
    if (ts.isVariableStatement(stmt) && isExported(stmt))
      stmt.declarationList.declarations.forEach((d) => bindingNames(d.name));
    else if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) && stmt.name && isExported(stmt))
      names.add(stmt.name.text);
    else if (ts.isExportDeclaration(stmt)) {
      const from = stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier) ? stmt.moduleSpecifier.text : null;
      if (!stmt.exportClause && from) stars.push(from);
      else if (stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
        for (const el of stmt.exportClause.elements) {
          names.add(el.name.text);
          if (from) reexportFrom.set(el.name.text, from);
        }
      }
    }
  }
  return { names, stars, reexportFrom };
}
