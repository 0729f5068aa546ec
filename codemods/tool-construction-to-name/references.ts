/**
 * Finds every reference to a converted class in one file and says what kind it is: a
 * construction (`new X(…)`), an `instanceof X` test, a value (table entry or anything else),
 * a type position, or a re-export. Bindings are followed through named imports (aliases and
 * barrels included, matched by exported name), namespace imports (`ns.X`) and, in the class's
 * own former file, the bare name that used to refer to the removed declaration.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { ConvertedClass } from "./converted.js";
import { namedImports, type NamedImport } from "../shared/imports.js";

export type ReferenceKind = "new" | "instanceof" | "value" | "type" | "export";

export interface ClassReference {
  readonly kind: ReferenceKind;
  readonly cls: ConvertedClass;
  /** The identifier or `ns.X` property access that names the class. */
  readonly node: TS.Expression | TS.Identifier;
  /** The import specifier that brought the name in, when there is one. */
  readonly via: NamedImport | null;
}

export interface FileReferences {
  readonly refs: ClassReference[];
  /** Named imports of converted classes, by local name. */
  readonly imports: ReadonlyMap<string, NamedImport>;
}

function isDeclarationName(ts: TypeScriptApi, node: TS.Identifier): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) return true;
  if (ts.isQualifiedName(p) && p.right === node) return true;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isImportEqualsDeclaration(p))
    return true;
  if (ts.isExportSpecifier(p) && p.propertyName !== undefined && p.name === node) return true;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return true;
  if (ts.isPropertyAssignment(p) && p.name === node) return true;
  const named = p as TS.Node & { readonly name?: TS.Node };
  if (named.name === node && !ts.isShorthandPropertyAssignment(p) && !ts.isExportSpecifier(p)) return true;
  return false;
}

function classify(ts: TypeScriptApi, node: TS.Node): ReferenceKind {
  const p = node.parent;
  if (ts.isNewExpression(p) && p.expression === node) return "new";
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword && p.right === node)
    return "instanceof";
  if (ts.isExportSpecifier(p)) return "export";
  if (
    ts.isTypeReferenceNode(p) ||
    ts.isTypeQueryNode(p) ||
    ts.isQualifiedName(p) ||
    ts.isExpressionWithTypeArguments(p)
  )
    return "type";
  return "value";
}

/** Names declared in the file itself (so a same-named local is not mistaken for the removed class). */
function declaredNames(ts: TypeScriptApi, sf: TS.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: TS.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node) || ts.isFunctionDeclaration(node)) && node.name)
      names.add(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

export function findReferences(
  ts: TypeScriptApi,
  sf: TS.SourceFile,
  file: string,
  classes: readonly ConvertedClass[],
): FileReferences {
  const byName = new Map(classes.map((c) => [c.name, c]));
  const locals = new Map<string, { cls: ConvertedClass; via: NamedImport | null }>();
  const imports = new Map<string, NamedImport>();
  const namespaces = new Set<string>();
  for (const imp of namedImports(ts, sf)) {
    const cls = byName.get(imp.imported);
    if (!cls) continue;
    locals.set(imp.local, { cls, via: imp });
    imports.set(imp.local, imp);
  }
  for (const stmt of sf.statements) {
    const nb = ts.isImportDeclaration(stmt) ? stmt.importClause?.namedBindings : undefined;
    if (nb && ts.isNamespaceImport(nb)) namespaces.add(nb.name.text);
  }
  const declared = declaredNames(ts, sf);
  for (const cls of classes) {
    if (cls.file === file && !locals.has(cls.name) && !declared.has(cls.name)) locals.set(cls.name, { cls, via: null });
  }
  const refs: ClassReference[] = [];
  if (locals.size === 0 && namespaces.size === 0) return { refs, imports };
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      const cls = byName.get(node.name.text);
      if (cls) {
        refs.push({ kind: classify(ts, node), cls, node, via: null });
        return;
      }
    }
    if (
      ts.isQualifiedName(node) &&
      ts.isIdentifier(node.left) &&
      namespaces.has(node.left.text) &&
      byName.has(node.right.text)
    ) {
      refs.push({ kind: "type", cls: byName.get(node.right.text) as ConvertedClass, node: node.right, via: null });
      return;
    }
    if (ts.isIdentifier(node)) {
      const hit = locals.get(node.text);
      if (hit && !isDeclarationName(ts, node))
        refs.push({ kind: classify(ts, node), cls: hit.cls, node, via: hit.via });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { refs, imports };
}
