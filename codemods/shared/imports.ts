/**
 * What a file imports, read from its syntax: its named imports, every binding an import makes
 * (default and `* as` included) and the names the file already uses; and `ImportNeed`, one
 * import a codemod wants in scope. The call-site codemods read these; the import plan
 * (import-plan.ts) turns needs into edits.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "./parse.js";

/** One import to have in scope: `imported` from `specifier`, bound as `local`. */
export interface ImportNeed {
  readonly specifier: string;
  /** "default", "*" (a namespace import) or an exported name. */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
}

export interface NamedImport {
  readonly decl: TS.ImportDeclaration;
  readonly element: TS.ImportSpecifier;
  readonly module: string;
  /** The exported name (`a` in `a as b`). */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
}

export function namedImports(ts: TypeScriptApi, sf: TS.SourceFile): NamedImport[] {
  const out: NamedImport[] = [];
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const bindings = stmt.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      out.push({
        decl: stmt,
        element,
        module: stmt.moduleSpecifier.text,
        imported: (element.propertyName ?? element.name).text,
        local: element.name.text,
        typeOnly: Boolean(stmt.importClause?.isTypeOnly) || element.isTypeOnly,
      });
    }
  }
  return out;
}

/** Every identifier the file binds or reads (property names excluded): a conservative "is this name taken" set. */
export function identifierNames(ts: TypeScriptApi, sf: TS.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: TS.Node): void => {
    const p = node.parent;
    const propertyName =
      p !== undefined &&
      ((ts.isPropertyAccessExpression(p) && p.name === node) ||
        ((ts.isPropertyAssignment(p) ||
          ts.isPropertySignature(p) ||
          ts.isPropertyDeclaration(p) ||
          ts.isMethodDeclaration(p)) &&
          p.name === node));
    if (ts.isIdentifier(node) && !propertyName) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

/** A binding one import declaration makes: a named one (`element`), its default or its `* as`. */
export interface ImportBinding {
  readonly module: string;
  /** "default", "*" or the exported name. */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
  readonly element?: TS.ImportSpecifier;
}

/** Every binding the file's import declarations make. */
export function importBindings(ts: TypeScriptApi, sf: TS.SourceFile): ImportBinding[] {
  const out: ImportBinding[] = namedImports(ts, sf);
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const clause = stmt.importClause;
    if (!clause) continue;
    const module = stmt.moduleSpecifier.text;
    const typeOnly = clause.isTypeOnly;
    if (clause.name) out.push({ module, imported: "default", local: clause.name.text, typeOnly });
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))
      out.push({ module, imported: "*", local: clause.namedBindings.name.text, typeOnly });
  }
  return out;
}
