/**
 * Name resolution for moved code: what a referenced identifier points at in its source file —
 * an import binding, a top-level statement (a helper, a constant, a type), or nothing of
 * interest (a local, a global, a property).
 */
import { Node, type Identifier, type ImportDeclaration, type SourceFile, type Statement } from "ts-morph";
import { namesBoundAtTopLevel } from "../../shared/top-level-names.js";
import { wrapperOf } from "../../shared/compiler-walk.js";
import { unboundDeclaration } from "./unbound-declaration.js";

export interface ImportRef {
  readonly kind: "import";
  readonly decl: ImportDeclaration;
  /** "default", "*" (namespace) or the exported name. */
  readonly imported: string;
  readonly local: string;
  readonly typeOnly: boolean;
}
export interface LocalRef {
  readonly kind: "local";
  readonly stmt: Statement;
  readonly name: string;
  readonly typeOnly: boolean;
}
export type Ref = ImportRef | LocalRef;

export function topLevelStatement(node: Node): Statement | undefined {
  let cur: Node | undefined = node;
  while (cur && cur.getParent() && !Node.isSourceFile(cur.getParent())) cur = cur.getParent();
  return cur && Node.isSourceFile(cur.getParent()) ? (cur as Statement) : undefined;
}

function inTypePosition(id: Identifier): boolean {
  for (let cur: Node | undefined = id.getParent(); cur; cur = cur.getParent()) {
    if (Node.isTypeNode(cur) && !Node.isExpressionWithTypeArguments(cur)) return true;
    if (Node.isStatement(cur) || Node.isBlock(cur) || Node.isSourceFile(cur)) return false;
  }
  return false;
}

/** The checker's first declaration of what `id` names, when it is in `sf`, and its top-level statement. */
function declarationBySymbol(id: Identifier, sf: SourceFile): { decl: Node; stmt: Statement } | undefined {
  const parent = id.getParent();
  const symbol = Node.isShorthandPropertyAssignment(parent)
    ? sf.getProject().getTypeChecker().getShorthandAssignmentValueSymbol(parent)
    : id.getSymbol();
  const decl = symbol?.getDeclarations()[0];
  if (!decl || decl.getSourceFile() !== sf) return undefined;
  const stmt = topLevelStatement(decl);
  return stmt ? { decl, stmt } : undefined;
}

/** Resolve `id` (in `sf`); undefined for locals of the same region, globals and properties. */
export function resolveRef(id: Identifier, sf: SourceFile): Ref | undefined {
  // A name the file does not bind at its top level resolves to nothing here, and one the tree
  // settles is answered from it (unbound-declaration.ts): the first symbol asked makes the
  // checker bind the whole file.
  if (!namesBoundAtTopLevel(sf.compilerNode).has(id.compilerNode.text)) return undefined;
  const typeOnly = inTypePosition(id);
  const unbound = unboundDeclaration(id.compilerNode, sf.compilerNode, typeOnly);
  const found = unbound
    ? { decl: wrapperOf(sf, unbound.decl), stmt: wrapperOf<Statement>(sf, unbound.stmt) }
    : declarationBySymbol(id, sf);
  if (!found) return undefined;
  const { decl, stmt } = found;
  if (Node.isImportDeclaration(stmt)) {
    const whole = stmt.isTypeOnly();
    if (Node.isImportSpecifier(decl)) {
      return {
        kind: "import",
        decl: stmt,
        imported: decl.getName(),
        local: decl.getAliasNode()?.getText() ?? decl.getName(),
        typeOnly: typeOnly || whole || decl.isTypeOnly(),
      };
    }
    if (Node.isNamespaceImport(decl))
      return { kind: "import", decl: stmt, imported: "*", local: decl.getName(), typeOnly: typeOnly || whole };
    if (Node.isImportClause(decl))
      return {
        kind: "import",
        decl: stmt,
        imported: "default",
        local: decl.getDefaultImport()?.getText() ?? id.getText(),
        typeOnly: typeOnly || whole,
      };
    return undefined;
  }
  // A declaration inside a statement (a local variable of a function) is not a top-level name.
  const declaredAtTop = Node.isVariableDeclaration(decl)
    ? topLevelStatement(decl) === stmt && Node.isVariableStatement(stmt)
    : decl === stmt;
  if (!declaredAtTop) return undefined;
  return { kind: "local", stmt, name: id.getText(), typeOnly };
}

export function isExported(stmt: Statement): boolean {
  return Node.isExportable(stmt) && stmt.isExported();
}

export function isTypeOnlyStatement(stmt: Statement): boolean {
  return Node.isInterfaceDeclaration(stmt) || Node.isTypeAliasDeclaration(stmt);
}
