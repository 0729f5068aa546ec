/**
 * What a reference to a top-level name points at, read off the syntax tree without binding:
 * the first symbol asked of the type checker binds the whole file, which costs about half
 * again the tree's own memory on a huge file. Answered only where the tree alone settles it —
 * one top-level declaration of the name, of a kind whose meaning the reference can take, no
 * declaration of the name inside the reference's own top-level statement (a local that might
 * shadow it) and none hoisted out of a top-level block; otherwise null, and resolve.ts asks
 * the checker as before.
 */
import { ts } from "ts-morph";

/** Nodes whose `name` declares a binding in some scope (what a local could shadow with). */
const BINDING_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ImportClause,
]);

/** Top-level statements that may declare names in nested blocks which reach the file's scope (var, sloppy functions, augmentations). */
const HOISTING_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Block,
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.ForStatement,
  ts.SyntaxKind.ForInStatement,
  ts.SyntaxKind.ForOfStatement,
  ts.SyntaxKind.WhileStatement,
  ts.SyntaxKind.DoStatement,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.SwitchStatement,
  ts.SyntaxKind.LabeledStatement,
  ts.SyntaxKind.ModuleDeclaration,
]);

/** A top-level declaration of one name: the node the checker's symbol would name first, and its statement. */
export interface UnboundDeclaration {
  readonly decl: ts.Node;
  readonly stmt: ts.Statement;
}

interface FileDeclarations {
  /** Name → its top-level declarations (imports, statements, simple variable declarations). */
  readonly byName: Map<string, UnboundDeclaration[]>;
  /** Names left to the checker: declared inside a hoisting statement, or destructured at the top. */
  readonly unsettled: Set<string>;
}

const files = new WeakMap<ts.SourceFile, FileDeclarations>();
const inside = new WeakMap<ts.Statement, ReadonlySet<string>>();

function declaredWithin(node: ts.Node, into: Set<string>, skip: ReadonlySet<ts.Node>): void {
  const visit = (n: ts.Node): void => {
    const name = (n as { name?: ts.Node }).name;
    if (BINDING_KINDS.has(n.kind) && name && ts.isIdentifier(name) && !skip.has(name)) into.add(name.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
}

function add(map: Map<string, UnboundDeclaration[]>, name: string, d: UnboundDeclaration): void {
  const list = map.get(name);
  if (list) list.push(d);
  else map.set(name, [d]);
}

function importDeclarations(stmt: ts.ImportDeclaration, byName: Map<string, UnboundDeclaration[]>): void {
  const clause = stmt.importClause;
  if (!clause) return;
  if (clause.name) add(byName, clause.name.text, { decl: clause, stmt });
  const b = clause.namedBindings;
  if (b && ts.isNamespaceImport(b)) add(byName, b.name.text, { decl: b, stmt });
  else if (b) for (const s of b.elements) add(byName, s.name.text, { decl: s, stmt });
}

/** The statement's own top-level names (a class's, each simple declaration of a variable statement). */
function ownNames(stmt: ts.Statement): Set<ts.Node> {
  if (ts.isVariableStatement(stmt)) return new Set(stmt.declarationList.declarations.map((d) => d.name));
  const name = (stmt as { name?: ts.Node }).name;
  return new Set(name ? [name] : []);
}

function fileDeclarations(sf: ts.SourceFile): FileDeclarations {
  let found = files.get(sf);
  if (found) return found;
  const byName = new Map<string, UnboundDeclaration[]>();
  const unsettled = new Set<string>();
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt)) importDeclarations(stmt, byName);
    else if (ts.isVariableStatement(stmt))
      for (const d of stmt.declarationList.declarations) {
        // A destructured name's declaration is its binding element: left to the checker.
        if (ts.isIdentifier(d.name)) add(byName, d.name.text, { decl: d, stmt });
        else declaredWithin(d.name, unsettled, new Set());
      }
    else if (HOISTING_KINDS.has(stmt.kind)) declaredWithin(stmt, unsettled, new Set());
    else {
      const name = (stmt as { name?: ts.Node }).name;
      if (name && ts.isIdentifier(name)) add(byName, name.text, { decl: stmt, stmt });
    }
  }
  found = { byName, unsettled };
  files.set(sf, found);
  return found;
}

function declaredInside(stmt: ts.Statement): ReadonlySet<string> {
  let names = inside.get(stmt);
  if (names) return names;
  const into = new Set<string>();
  declaredWithin(stmt, into, ownNames(stmt));
  names = into;
  inside.set(stmt, names);
  return names;
}

/** Whether `id` stands for a binding where it is (not a member name, a label, a declared name). */
function isFreeReference(id: ts.Identifier): boolean {
  const p = id.parent as ts.Node & { name?: ts.Node; propertyName?: ts.Node; label?: ts.Node };
  if (p.name === id || p.propertyName === id || p.label === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  return true;
}

function topStatement(node: ts.Node, sf: ts.SourceFile): ts.Statement | undefined {
  let cur = node;
  while (cur.parent && cur.parent !== sf) cur = cur.parent;
  return cur.parent === sf ? (cur as ts.Statement) : undefined;
}

/** Whether a declaration of this kind has the meaning the reference asks for (value, or type). */
function meaningFits(decl: ts.Node, value: boolean): boolean {
  if (ts.isImportClause(decl) || ts.isImportSpecifier(decl) || ts.isNamespaceImport(decl)) return true;
  if (ts.isClassDeclaration(decl) || ts.isEnumDeclaration(decl)) return true;
  if (ts.isVariableDeclaration(decl) || ts.isFunctionDeclaration(decl)) return value;
  if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl)) return !value;
  return false;
}

function inTypeQuery(id: ts.Identifier): boolean {
  let cur: ts.Node = id;
  while (ts.isQualifiedName(cur.parent) || ts.isPropertyAccessExpression(cur.parent)) cur = cur.parent;
  return ts.isTypeQueryNode(cur.parent);
}

/**
 * The top-level declaration `id` (in `sf`) refers to, when the tree alone settles it; null when
 * only the checker can tell. `typeOnly`: the reference is in a type position.
 */
export function unboundDeclaration(id: ts.Identifier, sf: ts.SourceFile, typeOnly: boolean): UnboundDeclaration | null {
  const { byName, unsettled } = fileDeclarations(sf);
  const decls = byName.get(id.text);
  const only = decls?.length === 1 && !unsettled.has(id.text) ? decls[0] : undefined;
  if (!only) return null;
  // The declaring name itself (an import's binding, a class's name): its symbol's one declaration.
  if ((only.decl as { name?: ts.Node }).name === id) return only;
  if (!isFreeReference(id)) return null;
  const own = topStatement(id, sf);
  if (!own || ts.isImportDeclaration(own) || ts.isExportDeclaration(own) || ts.isExportAssignment(own)) return null;
  if (declaredInside(own).has(id.text)) return null;
  return meaningFits(only.decl, !typeOnly || inTypeQuery(id)) ? only : null;
}
