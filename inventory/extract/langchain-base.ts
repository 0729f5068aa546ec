/**
 * The one home of "this class extends LangChain's Tool": a base imported from `@langchain/core`
 * (or the old `langchain/tools` entry). Its constructor only keeps LangChain's ToolParams
 * (callbacks, verbose, tags) for its own `invoke`, so a subclass passing its own parameters on
 * (`super(fields)`, `super(...arguments)`) configures nothing a capability has: the inventory
 * reports that as constructor logic the class move re-checks (class-facts.ts) and the move drops
 * it with a note (codemods/tool-class-to-capability/analyze/constructor-statements.ts).
 */
import type TS from "typescript";

export const LANGCHAIN_BASE_MODULE = /^(@langchain\/core(\/|$)|langchain\/tools$)/;

/** Whether `localName` is imported in `sf` from a LangChain module (read off the file's own imports). */
export function importedFromLangChain(ts: typeof TS, sf: TS.SourceFile, localName: string): boolean {
  return sf.statements.some((stmt) => {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) return false;
    if (!LANGCHAIN_BASE_MODULE.test(stmt.moduleSpecifier.text)) return false;
    const bindings = stmt.importClause?.namedBindings;
    return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === localName));
  });
}

/**
 * `super(…)` given only the constructor's own parameters (`super(fields)`, `super(...arguments)`):
 * the call a LangChain subclass makes that configures nothing a capability has. The inventory
 * (class-facts.ts) and the class move (constructor-statements.ts) both ask this.
 */
export function passesOnlyOwnParameters(ts: typeof TS, call: TS.CallExpression, params: ReadonlySet<string>): boolean {
  return call.arguments.every(
    (a) =>
      (ts.isIdentifier(a) && params.has(a.text)) ||
      (ts.isSpreadElement(a) && ts.isIdentifier(a.expression) && a.expression.text === "arguments"),
  );
}
