/**
 * Imports, local exports and re-exports of one file (top-level statements only), the raw
 * material the resolver follows across files and barrels.
 */
import type TS from "typescript";
import type { ImportFact, LocalExportFact, ReexportFact } from "./facts.js";
import { hasModifier, lineOf, type Ctx } from "./ast-utils.js";

export interface ModuleFacts {
  imports: ImportFact[];
  localExports: LocalExportFact[];
  reexports: ReexportFact[];
}

function moduleText(ctx: Ctx, spec: TS.Expression | undefined): string | null {
  return spec && ctx.ts.isStringLiteral(spec) ? spec.text : null;
}

function importFacts(ctx: Ctx, stmt: TS.ImportDeclaration, out: ModuleFacts): void {
  const { ts } = ctx;
  const specifier = moduleText(ctx, stmt.moduleSpecifier);
  const clause = stmt.importClause;
  if (specifier === null || !clause) return;
  const line = lineOf(ctx, stmt);
  const clauseTypeOnly = clause.isTypeOnly;
  if (clause.name)
    out.imports.push({ specifier, imported: "default", local: clause.name.text, typeOnly: clauseTypeOnly, line });
  const bindings = clause.namedBindings;
  if (!bindings) return;
  if (ts.isNamespaceImport(bindings)) {
    out.imports.push({ specifier, imported: "*", local: bindings.name.text, typeOnly: clauseTypeOnly, line });
    return;
  }
  for (const el of bindings.elements) {
    const imported = el.propertyName ? el.propertyName.text : el.name.text;
    out.imports.push({ specifier, imported, local: el.name.text, typeOnly: clauseTypeOnly || el.isTypeOnly, line });
  }
}

function exportDeclarationFacts(ctx: Ctx, stmt: TS.ExportDeclaration, out: ModuleFacts): void {
  const { ts } = ctx;
  const line = lineOf(ctx, stmt);
  const specifier = moduleText(ctx, stmt.moduleSpecifier);
  const clause = stmt.exportClause;
  if (specifier !== null) {
    if (!clause) out.reexports.push({ specifier, imported: "*", exported: "*", typeOnly: stmt.isTypeOnly, line });
    else if (ts.isNamespaceExport(clause))
      out.reexports.push({ specifier, imported: "*", exported: clause.name.text, typeOnly: stmt.isTypeOnly, line });
    else {
      for (const el of clause.elements) {
        const imported = el.propertyName ? el.propertyName.text : el.name.text;
        out.reexports.push({
          specifier,
          imported,
          exported: el.name.text,
          typeOnly: stmt.isTypeOnly || el.isTypeOnly,
          line,
        });
      }
    }
    return;
  }
  if (clause && ts.isNamedExports(clause)) {
    for (const el of clause.elements) {
      out.localExports.push({
        exported: el.name.text,
        local: el.propertyName ? el.propertyName.text : el.name.text,
        line,
      });
    }
  }
}

/** `classKeyOf` names an anonymous `export default class extends …` by its class key. */
export function extractModuleFacts(ctx: Ctx, classKeyOf: (node: TS.ClassLikeDeclaration) => string): ModuleFacts {
  const { ts, sf } = ctx;
  const out: ModuleFacts = { imports: [], localExports: [], reexports: [] };
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt)) importFacts(ctx, stmt, out);
    else if (ts.isExportDeclaration(stmt)) exportDeclarationFacts(ctx, stmt, out);
    else if (ts.isExportAssignment(stmt) && !stmt.isExportEquals && ts.isIdentifier(stmt.expression)) {
      out.localExports.push({ exported: "default", local: stmt.expression.text, line: lineOf(ctx, stmt) });
    } else if (hasModifier(ts, stmt, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = hasModifier(ts, stmt, ts.SyntaxKind.DefaultKeyword);
      const line = lineOf(ctx, stmt);
      if (ts.isClassDeclaration(stmt) || ts.isFunctionDeclaration(stmt)) {
        const local = stmt.name ? stmt.name.text : ts.isClassDeclaration(stmt) ? classKeyOf(stmt) : null;
        if (local) out.localExports.push({ exported: isDefault ? "default" : local, local, line });
      } else if (ts.isVariableStatement(stmt)) {
        for (const decl of stmt.declarationList.declarations) {
          if (ts.isIdentifier(decl.name))
            out.localExports.push({ exported: decl.name.text, local: decl.name.text, line });
        }
      }
    }
  }
  return out;
}
