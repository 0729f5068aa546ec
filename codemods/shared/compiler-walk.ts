/**
 * Descendant walks over the compiler's tree that wrap only what they return. ts-morph's
 * getDescendantsOfKind for a token kind (Identifier, ThisKeyword, SuperKeyword) walks
 * getChildren(), which materialises and keeps every token and syntax list of every node it
 * passes (≈ 25 KB a class for one identifier walk), so walking each piece of every class made
 * memory grow with the classes of a file. Same nodes in the same order as ts-morph's walk:
 * JSDoc first, then the parse tree; identifiers and the this/super keywords are never
 * synthetic tokens.
 */
import { ts, type Identifier, type Node } from "ts-morph";

/** Compiler nodes of these kinds under `root` (root excluded), in ts-morph's descendant order. */
export function compilerDescendantsOfKind(root: ts.Node, ...kinds: ts.SyntaxKind[]): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (kinds.includes(n.kind)) out.push(n);
    walkChildren(n);
  };
  const walkChildren = (n: ts.Node): void => {
    for (const doc of (n as { jsDoc?: ts.Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(n, visit);
  };
  walkChildren(root);
  return out;
}

/** ts-morph's wrapper of a compiler node of `near`'s file (the one its own walks return). */
export function wrapperOf<T extends Node = Node>(near: Node, compilerNode: ts.Node): T {
  // Not in ts-morph's typings, but what its getDescendantsOfKind calls per node it returns.
  const from = near as unknown as { _getNodeFromCompilerNode(n: ts.Node): T };
  return from._getNodeFromCompilerNode(compilerNode);
}

/** getDescendantsOfKind for a token kind, without materialising the tokens of the nodes passed. */
export function descendantsOfKind<T extends Node>(root: Node, kind: ts.SyntaxKind): T[] {
  return compilerDescendantsOfKind(root.compilerNode, kind).map((n) => wrapperOf<T>(root, n));
}

/** The identifiers under `root` spelt `text` (root excluded), picked on the compiler's tree and only they wrapped. */
export function identifiersNamed(root: Node, text: string): Identifier[] {
  const sf = root.getSourceFile().compilerNode;
  return compilerDescendantsOfKind(root.compilerNode, ts.SyntaxKind.Identifier)
    .filter((n) => n.getText(sf) === text)
    .map((n) => wrapperOf<Identifier>(root, n));
}
