/**
 * The names a file binds at its top level (imports, declarations, every name a top-level
 * variable statement binds), read off the compiler's tree once per file. An identifier spelt
 * otherwise cannot resolve to a top-level statement or import of its file, so walks that only
 * look for those can skip it before wrapping it: wrapping every identifier of a huge method
 * body cost gigabytes.
 */
import { ts } from "ts-morph";

const cache = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

function bindingNames(name: ts.BindingName, into: Set<string>): void {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bindingNames(e.name, into);
}

function importNames(decl: ts.ImportDeclaration, into: Set<string>): void {
  const clause = decl.importClause;
  if (!clause) return;
  if (clause.name) into.add(clause.name.text);
  const b = clause.namedBindings;
  if (b && ts.isNamespaceImport(b)) into.add(b.name.text);
  else if (b) for (const s of b.elements) into.add(s.name.text);
}

export function namesBoundAtTopLevel(sf: ts.SourceFile): ReadonlySet<string> {
  let names = cache.get(sf);
  if (names) return names;
  const into = new Set<string>();
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s)) importNames(s, into);
    else if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) bindingNames(d.name, into);
    else {
      const name = (s as { name?: ts.Node }).name;
      if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) into.add(name.text);
    }
  }
  names = into;
  cache.set(sf, names);
  return names;
}
