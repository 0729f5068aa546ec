/**
 * Module facts from a full TypeScript parse: the reference the token scanner is checked
 * against, and its fallback for files it cannot read with certainty (JSX, type-position
 * `import()`, a possible top-level await). Consumed by scan-imports.ts. TypeScript is loaded
 * on the first parse, so a lint whose every file the scanner decides never loads it.
 */
import type TS from "typescript";
import { getTypeScript } from "../../lib/typescript.js";
import type { ImportKind, ImportRecord, ModuleFacts } from "./import-facts.js";

export function scriptKindFor(fileName: string): TS.ScriptKind {
  const ts = getTypeScript();
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (fileName.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parseSource(text: string, fileName: string): TS.SourceFile {
  const ts = getTypeScript();
  // JSDoc is never read here and is a large share of a parse.
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  return ts.createSourceFile(fileName, text, options, false, scriptKindFor(fileName));
}

/** The parser's first diagnostic (TypeScript keeps them on the source file, untyped). */
function firstSyntaxError(source: TS.SourceFile): ModuleFacts["syntaxError"] {
  const ts = getTypeScript();
  const d = (source as unknown as { parseDiagnostics?: readonly TS.DiagnosticWithLocation[] }).parseDiagnostics?.[0];
  if (!d) return undefined;
  return {
    line: source.getLineAndCharacterOfPosition(d.start).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, " "),
  };
}

function allTypeSpecifiers(elements: readonly { isTypeOnly: boolean }[]): boolean {
  return elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

function importClauseTypeOnly(clause: TS.ImportClause | undefined): boolean {
  const ts = getTypeScript();
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && allTypeSpecifiers(bindings.elements));
}

function isFunctionBoundary(node: TS.Node): boolean {
  const ts = getTypeScript();
  return ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node) || ts.isPropertyDeclaration(node);
}

/** Line of the first await that runs at module initialisation, or null. */
export function findTopLevelAwait(source: TS.SourceFile): number | null {
  const ts = getTypeScript();
  let found: number | null = null;
  const visit = (node: TS.Node): void => {
    if (found !== null || isFunctionBoundary(node)) return;
    const isAwait =
      ts.isAwaitExpression(node) ||
      (ts.isForOfStatement(node) && node.awaitModifier !== undefined) ||
      (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.AwaitUsing) === ts.NodeFlags.AwaitUsing);
    if (isAwait) {
      found = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

export function factsFromAst(text: string, fileName: string): ModuleFacts {
  const ts = getTypeScript();
  const source = parseSource(text, fileName);
  const imports: ImportRecord[] = [];
  const add = (node: TS.Node, specifier: string, kind: ImportKind, typeOnly: boolean): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    imports.push({ specifier, kind, typeOnly, line });
  };
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const kind = node.importClause ? "static" : "side-effect";
      add(node, node.moduleSpecifier.text, kind, importClauseTypeOnly(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly || Boolean(clause && ts.isNamedExports(clause) && allTypeSpecifiers(clause.elements));
      add(node, node.moduleSpecifier.text, "reexport", typeOnly);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      add(node, node.moduleReference.expression.text, "import-equals", node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      const arg = node.arguments[0] as TS.Expression;
      const literal = ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg) ? arg.text : null;
      if (literal !== null && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node, literal, "dynamic", false);
      else if (
        literal !== null &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "require" &&
        node.arguments.length === 1
      ) {
        add(node, literal, "require", false);
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  const syntaxError = firstSyntaxError(source);
  return syntaxError
    ? { imports, topLevelAwait: findTopLevelAwait(source), syntaxError }
    : { imports, topLevelAwait: findTopLevelAwait(source) };
}
